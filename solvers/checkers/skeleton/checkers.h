// Definition of class Checkers: checkers (English draughts) on a board of
// m rows and n columns. Squares are written as a column letter and a row
// number from the bottom (a1 is the bottom-left square, which is dark);
// moves as their squares joined by `-` for a step and `x` for captures
// (c3-d4, c3xe5xg7). Black's men move up, White's down; Black starts.
// The public member functions below are the interface the driver
// (solvers/checkers/driver.cc) and main.cc call; their headers may not be
// changed. Add private members (and helper functions) as needed.

#ifndef CheckersHVar  // prevent multiple inclusion
#define CheckersHVar

#include <string>
#include <vector>
using namespace std;

const int MinGrootte = 3;   // fewest rows and columns
const int MaxGrootte = 16;  // most rows and columns
const int Leeg = 0, ZwartMan = 1, ZwartKoning = 2, WitMan = 3,
          WitKoning = 4;    // the contents of a square
const int Zwart = 0, Wit = 1;  // the sides

class Checkers
{ public:

    // Constructor: an empty board of `rijen` rows and `kolommen` columns,
    // Black to move.
    // Pre: 3 <= rijen <= 16, 3 <= kolommen <= 16.
    Checkers (int rijen, int kolommen);

    // Getters for the number of rows and columns, the side to move (Zwart
    // or Wit) and the contents of square (rij, kolom), rows from the
    // bottom and both from 0 (Leeg, ZwartMan, ZwartKoning, WitMan or
    // WitKoning). Pre: the square lies on the board.
    int getRijen ();
    int getKolommen ();
    int getAanZet ();
    int getVeld (int rij, int kolom);

    // Set the start position: Black's men on the dark squares of the
    // bottom r rows, White's on the top r rows, Black to move; no moves done.
    // Return: true if 1 <= r <= rows/2; false (nothing changed) otherwise.
    bool beginStand (int r);

    // Set the position of a PDN FEN such as `W:Wc3,Ke5:Bd6` (the side to
    // move, then each colour's squares, kings marked K); no moves done.
    // Return: true if the FEN is correct; false (with a message, nothing
    // changed) if not.
    bool leesFen (const string &fen);

    // The legal moves of the side to move under the full rules (captures
    // mandatory, multi-jumps, every distinct path a move), in notation.
    vector<string> legaleZetten ();

    // Do the legal move written `zet` (as legaleZetten writes it).
    // Return: true if it is legal and done; false (nothing changed).
    bool doeZet (const string &zet);

    // Undo the last move done.
    // Return: true if there was one; false otherwise.
    bool unDoeZet ();

    // Perft: the number of move sequences of `diepte` moves from the
    // position under the full rules (1 at depth 0).
    // Pre: diepte >= 0. Post: the position is the same as before.
    unsigned long long perft (int diepte);

    // Count the continuation games from the position under the variant
    // rules: a capture takes exactly one piece (the move ends after one
    // jump; a man reaching the far row is crowned), capturing is mandatory,
    // and a game ends when both sides have a king (checked first) or the
    // side to move has no move (that side lost). A position that is over
    // counts as one game.
    // Post: partijen = the games, zwartWint / witWint / beideKoning = the
    // games Black won / White won / ended with both kings, standen = the
    // calls of the recursive count (the start included); the position is
    // the same as before.
    void telVervolgpartijen (unsigned long long &partijen,
                             unsigned long long &zwartWint,
                             unsigned long long &witWint,
                             unsigned long long &beideKoning,
                             unsigned long long &standen);

    // Print the board with coordinates and the number of pieces per side.
    void drukAf ();

  private:
    // TODO: the members that store the board, the side to move and the
    // moves done, and any private helper functions.
};

#endif
