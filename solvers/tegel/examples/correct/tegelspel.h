// Definition of class TegelSpel: the tile game of the first programming
// assignment. The public member functions below are the interface the
// driver (solvers/tegel/driver.cc) and main.cc call; their headers may not
// be changed.

#ifndef TegelSpelHVar  // prevent multiple inclusion
#define TegelSpelHVar

#include <string>
#include <vector>
#include <utility>
#include <fstream>
#include "constantes.h"
using namespace std;

class TegelSpel
{ public:

    // Default constructor: an empty game (no bowls, no rows), nothing loaded.
    TegelSpel ();

    // Getter for the tiles still in the pot, front (next to be drawn) first.
    string getPot ();

    // Getter for the bowls: per bowl (number of yellow, number of blue) tiles.
    vector< pair<int,int> > getSchalen ();

    // Getter for the rows of player `speler` (0 or 1): per row
    // (number of yellow, number of blue) tiles.
    // Pre: speler is 0 or 1.
    vector< pair<int,int> > getRijen (int speler);

    // Getter for the player to move: 0 or 1.
    int getAanBeurt ();

    // Read a game from text file `invoernaam` (format of the assignment):
    // the pot, M N, K L, K rows of player 0, K rows of player 1, the player
    // to move. Check that the file can be opened, that the pot holds only
    // letters g and b, that every number is in range (1<=M<=5, 1<=N<=5,
    // 1<=K<=10, 1<=L<=6, a row holds one colour and at most L tiles, the
    // player is 0 or 1) and that nothing follows the player.
    // Return:
    // * true, if the file is correct; the game is then the one read
    //   (bowls filled from the front of the pot), with no moves done
    // * false, if not; a message is printed and the game is unchanged
    bool leesInSpel (const char* invoernaam);

    // Check whether the current position is an end position: a player has
    // all rows full, or the player to move has no legal move.
    bool eindstand ();

    // Print the current position: pot, bowls, both boards, player to move.
    void drukAf ();

    // Determine the distinct moves of the player to move: a move is
    // (bowl, colour); two legal moves with the same colour and the same
    // number of tiles of that colour on their bowls are equal, and only
    // the one with the lowest bowl is kept. The order of the vector is
    // free (the example hand-ins use bowl ascending, g before b).
    vector< pair<int,char> > bepaalVerschillendeZetten ();

    // Do move (schaal, kleur) for the player to move, if it is legal:
    // all tiles of colour `kleur` on bowl `schaal` go to the player's
    // fullest row that takes them (lowest row on a tie), the bowl is
    // refilled from the pot, and the other player is to move.
    // Return:
    // * true, if the move was legal and has been done (it can be undone)
    // * false, if not; nothing has changed
    bool doeZet (int schaal, char kleur);

    // Undo the last move done (since loading), restoring the exact position
    // before it.
    // Return:
    // * true, if there was a move to undo
    // * false, if not; nothing has changed
    bool unDoeZet ();

    // Determine, by searching the complete game tree, the final score for
    // the player to move when both players play optimally from here.
    // Post:
    // * besteZet is a best move (the first one reaching the best score in
    //   the order of bepaalVerschillendeZetten); at an end position it is
    //   (-1, '-')
    // * aantalStanden is the number of positions visited, the current
    //   position included (whatever its value was at the call)
    // * the position is the same as before the call
    int besteScore (pair<int,char> &besteZet, long long &aantalStanden);

    // Determine a good move with a Monte Carlo method: for every distinct
    // move, do it and play `nrSimulaties` random games to an end position
    // (uniform over the distinct moves, drawn with randomGetal/rand());
    // return the move with the highest average final score for the player
    // to move now (the first one on a tie). At an end position: (-1, '-').
    // Pre: nrSimulaties >= 1.
    // Post: the position is the same as before the call.
    pair<int,char> bepaalGoedeZet (int nrSimulaties);

    // The experiment of the assignment: play good moves to an end
    // position, then undo one move at a time and after each undo print the
    // positions visited and the time taken by besteScore.
    void doeExperiment ();

  private:
    // What is needed to undo a move done.
    struct GedaneZet
    { int schaal;     // the bowl taken from
      int kleur;      // the colour taken: 0 (yellow) or 1 (blue)
      int aantal;     // the number of tiles taken
      int rij;        // the row they were put in
      int bijGevuld;  // the number of tiles moved from the pot to the bowl
    };

    string pot;               // all tiles of the pot as read
    size_t potPositie;        // index in pot of the next tile to draw
    int nrSchalen, nrTegelsInSchaal;  // M and N
    int nrRijen, nrVakjes;    // K and L
    int schalen[MaxNrSchalen][2];     // per bowl: yellow and blue tiles
    int rijen[2][MaxNrRijen][2];      // per player and row: yellow, blue
    int aanBeurt;             // the player to move: 0 or 1
    vector<GedaneZet> gedaneZetten;   // the moves done since loading

    static int kleurNummer (char kleur);
    static bool leesGetal (ifstream &fin, const char *invoernaam,
                           const char *wat, int minWaarde, int maxWaarde,
                           int &getal);
    bool leesPot (ifstream &fin, const char *invoernaam);
    bool leesAfmetingen (ifstream &fin, const char *invoernaam);
    bool leesBord (ifstream &fin, const char *invoernaam, int speler);
    int vulSchaal (int schaal);
    int vulling (int speler, int rij);
    int doelRij (int speler, int kleur, int aantal);
    int aantalVolleRijen (int speler);
    bool iemandAllesVol ();
    int score (int speler);
    int besteScoreRec (pair<int,char> &besteZet, long long &aantalStanden);
    int speelRandomUit (int speler);
};

#endif
