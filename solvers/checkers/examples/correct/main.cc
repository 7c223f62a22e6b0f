// Checkers against a random computer player, on a board of m x n with r
// rows of men per side: the user plays Black, types moves in notation
// (c3-d4, c3xe5xg7), `undo` (their last move and the reply), `count`
// (the continuation games) or `quit`.

#include <iostream>
#include <string>
#include <vector>
#include <cstdlib>
#include <ctime>
#include "checkers.h"
using namespace std;

//*************************************************************************

// Let the computer (White) play a random legal move, if it has one.
// Parameter: spel (the game; the move is done on it).
void computerZet (Checkers &spel)
{ vector<string> zetten = spel.legaleZetten ();

  if (zetten.empty ())
    return;
  string zet = zetten[rand () % zetten.size ()];
  spel.doeZet (zet);
  cout << "Computer: " << zet << endl;
}  // computerZet

//*************************************************************************

// Print the continuation games of the position.
// Parameter: spel (the game; unchanged).
void telPartijen (Checkers &spel)
{ unsigned long long partijen, zwart, wit, beide, standen;

  spel.telVervolgpartijen (partijen, zwart, wit, beide, standen);
  cout << partijen << " games: Black wins " << zwart << ", White wins " << wit
       << ", both have a king " << beide << " (" << standen << " positions)"
       << endl;
}  // telPartijen

//*************************************************************************

// Carry out one command of the user: a move (answered by the computer),
// undo, or count. Parameters: spel (the game), invoer (the command).
void voerUit (Checkers &spel, const string &invoer)
{ vector<string> zetten = spel.legaleZetten ();

  if (invoer == "undo")
  { if (!spel.unDoeZet () || (spel.getAanZet () == Wit && !spel.unDoeZet ()))
      cout << "There is no move of yours to undo." << endl;
  }
  else if (invoer == "count")
    telPartijen (spel);
  else if (spel.doeZet (invoer))
    computerZet (spel);
  else
  { cout << "Not a legal move. Legal moves:";
    for (size_t i = 0; i < zetten.size (); i++)
      cout << " " << zetten[i];
    cout << endl;
  }
}  // voerUit

//*************************************************************************

// Ask for the board and play until the user quits or input ends.
int main ()
{ int m, n, r;
  string invoer;

  srand (time (NULL));
  cout << "Rows, columns and rows of men (e.g. 8 8 3): ";
  if (!(cin >> m >> n >> r) || m < MinGrootte || m > MaxGrootte
      || n < MinGrootte || n > MaxGrootte)
  { cout << "Expected 3 <= m, n <= 16." << endl;
    return 1;
  }
  Checkers spel (m, n);
  if (!spel.beginStand (r))
  { cout << "Expected 1 <= r <= m/2." << endl;
    return 1;
  }
  while (true)
  { spel.drukAf ();
    if (spel.legaleZetten ().empty ())
      cout << "No legal move: " << (spel.getAanZet () == Zwart ? "Black"
           : "White") << " has lost." << endl;
    cout << "Your move (or undo, count, quit): ";
    if (!(cin >> invoer) || invoer == "quit")
      return 0;
    voerUit (spel, invoer);
  }
}  // main
