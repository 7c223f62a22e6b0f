// Definition of class Stand: a board of the tiling game with its stones.
// The public member functions below are the interface the driver
// (solvers/stenen/driver.cc) and main.cc call; their headers may not be
// changed. Add private members (and helper functions) as needed.

#ifndef StandHVar  // prevent multiple inclusion
#define StandHVar

#include "constantes.h"
#include "steen.h"
using namespace std;

class Stand
{ public:

    // Constructor: an empty board of `hoogte` rows and `breedte` columns,
    // without stones.
    // Pre: 2 <= hoogte <= 20, 2 <= breedte <= 20.
    Stand (int hoogte, int breedte);

    // Getters for the board's number of rows and columns.
    int getHoogte ();
    int getBreedte ();

    // Getter for cell (rij, kolom): 0 (empty) or the number of the stone
    // on it. Pre: the cell lies on the board.
    int getVakje (int rij, int kolom);

    // Read the stones from text file `invoernaam`: a line S (1 <= S <= 20),
    // then per stone `m n` and m lines of n characters X or . (see
    // Steen::leesIn); nothing may follow the last stone.
    // Return:
    // * true, if the file is correct; the stones are those read, numbered
    //   1..S in file order, and the board is empty
    // * false, if not; a message is printed and nothing has changed
    bool leesInStenen (const char* invoernaam);

    // Print the board: per cell the number of its stone, or . when empty.
    void drukAf ();

    // Put stone `steennr` in orientation `orient` on the board with the
    // top-left cell of its box on (rij, kolom), if allowed: the stone is
    // not on the board yet, 0 <= orient <= 7, the box lies on the board
    // and every covered cell is empty.
    // Return: true if it was allowed and is done; false (with a message) if
    // not, and nothing has changed.
    bool legSteenNeer (int rij, int kolom, int steennr, int orient);

    // Take stone `steennr` off the board, if it is on it.
    // Return: true if it was on the board; false otherwise.
    bool haalSteenWeg (int steennr);

    // Find, with backtracking from the current board, a way to cover the
    // empty cells with the stones not on the board: always cover the first
    // empty cell (row by row), trying the stones ascending (of stones that
    // are orientations of each other only the lowest not placed) and their
    // distinct orientations ascending. With `slim`, after each placement
    // a placement is undone at once when an empty region's size is not a
    // multiple of the gcd of the sizes of the stones left, or is smaller
    // than the smallest of them.
    // Post:
    // * the return value says whether there is a solution; if so,
    //   oplossing holds the first one found (per cell its stone's number)
    // * aantalStanden is the number of calls of the recursive search (the
    //   current board included; 0 when the stones left do not have as many
    //   cells as the board has empty cells)
    // * the board is the same as before the call
    bool bepaalOplossing (long long &aantalStanden, bool slim,
                          int oplossing[MaxDimensie][MaxDimensie]);

    // Count the ways to cover the empty cells, searching as in
    // bepaalOplossing but through the whole tree; stones that are
    // orientations of each other are interchangeable (counted once).
    // Post: aantalStanden as in bepaalOplossing; the board is unchanged.
    // Return: the number of solutions.
    long long telOplossingen (long long &aantalStanden, bool slim);

  private:
    // TODO: the members that store the board, the stones and what the
    // search needs, and any private helper functions.
};

#endif
