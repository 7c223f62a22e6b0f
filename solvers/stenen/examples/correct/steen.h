// Definition of class Steen: one stone of the tiling game, with its eight
// orientations. The public member functions below are the interface class
// Stand uses; their headers may not be changed.

#ifndef SteenHVar  // prevent multiple inclusion
#define SteenHVar

#include <fstream>
#include "constantes.h"
using namespace std;

class Steen
{ public:

    // Default constructor: a stone without cells.
    Steen ();

    // Read the stone from the open file fin: a line `m n` and m lines of
    // n characters X or . (1 <= m, n <= 5), and compute its orientations.
    // Check the ranges, the characters and the line lengths, that there is
    // an X, that no border row or column is all `.`, and that the covered
    // cells are 4-connected.
    // Parameters: fin (the open file, read further), invoernaam (the file's
    // name, for messages), nummer (the stone's number, for messages).
    // Return: true if the stone is correct; false (with a message) if not.
    bool leesIn (ifstream &fin, const char *invoernaam, int nummer);

    // Getter for the number of cells the stone covers.
    int getGrootte ();

    // Getters for the height and width of orientation `orient`'s box.
    // Pre: 0 <= orient < 8.
    int getHoogte (int orient);
    int getBreedte (int orient);

    // Whether cell (rij, kolom) of orientation `orient`'s box is covered.
    // Pre: 0 <= orient < 8, the cell lies in the box.
    bool getVakje (int orient, int rij, int kolom);

    // Whether orientation `orient` covers the same cells as a lower one.
    bool isDubbel (int orient);

    // Whether this stone's cells are an orientation of stone `andere`'s.
    bool isOrientatieVan (Steen &andere);

  private:
    int grootte;                                  // number of covered cells
    int hoogte[NrOrientaties];                    // height per orientation
    int breedte[NrOrientaties];                   // width per orientation
    bool vakjes[NrOrientaties][MaxDimSteen][MaxDimSteen];  // covered cells
    bool dubbel[NrOrientaties];                   // same as a lower one

    bool leesRijen (ifstream &fin, const char *invoernaam, int nummer);
    bool randenBedekt ();
    bool samenhangend ();
    void draai (int van, int naar);
    void spiegel (int van, int naar);
    bool gelijk (int orient, Steen &andere, int orientAndere);
};

#endif
