// Menu program of the tile game: load a game from a file, do and undo
// moves, and call besteScore, bepaalGoedeZet and doeExperiment.

#include <iostream>
#include <cstdlib>
#include <ctime>
#include <climits>
#include <iomanip>
#include "standaard.h"
#include "tegelspel.h"
using namespace std;

const int MaxBestandsNaamLengte = 256;  // maximum length of a file name

//*************************************************************************

// Ask the user for a move (bowl and colour) and do it on the game.
// Parameter: spel (the game; the move is done on it when legal).
void doeZetVanGebruiker (TegelSpel &spel)
{ int schaal;
  char kleur;

  cout << "Bowl and colour (for example: 0 g): ";
  if (!(cin >> schaal >> kleur))
  { cin.clear ();
    cin.ignore (INT_MAX, '\n');
    cout << "That is not a move." << endl;
    return;
  }
  if (!spel.doeZet (schaal, kleur))
    cout << "That move is not allowed." << endl;
}  // doeZetVanGebruiker

//*************************************************************************

// Call besteScore on the game and print its score, best move, number of
// positions visited and the time it took.
// Parameter: spel (the game; unchanged afterwards).
void roepBesteScoreAan (TegelSpel &spel)
{ pair<int,char> besteZet;
  long long aantalStanden;
  clock_t t1, t2;
  int score;

  t1 = clock ();
  score = spel.besteScore (besteZet, aantalStanden);
  t2 = clock ();
  cout << "Best score: " << score << endl;
  if (besteZet.first >= 0)
    cout << "A best move: (" << besteZet.first << ","
         << besteZet.second << ")" << endl;
  cout << "Positions visited: " << aantalStanden << endl;
  cout << "Time: " << (double) (t2 - t1) / CLOCKS_PER_SEC
       << " seconds" << endl;
}  // roepBesteScoreAan

//*************************************************************************

// Print the distinct moves of the player to move.
// Parameter: spel (the game; unchanged).
void drukZettenAf (TegelSpel &spel)
{ vector< pair<int,char> > zetten = spel.bepaalVerschillendeZetten ();

  cout << "Distinct moves:";
  for (size_t i = 0; i < zetten.size (); i++)
    cout << " (" << zetten[i].first << "," << zetten[i].second << ")";
  cout << endl;
}  // drukZettenAf

//*************************************************************************

// Carry out menu choice `keuze` on the game.
// Parameters: spel (the game, changed by the choice), keuze (the choice).
void voerKeuzeUit (TegelSpel &spel, int keuze)
{ char invoernaam[MaxBestandsNaamLengte + 1];
  pair<int,char> goedeZet;

  switch (keuze)
  { case 1: cout << "File name: ";
            cin >> setw (MaxBestandsNaamLengte) >> invoernaam;
            spel.leesInSpel (invoernaam);
            break;
    case 2: drukZettenAf (spel); break;
    case 3: doeZetVanGebruiker (spel); break;
    case 4: if (!spel.unDoeZet ())
              cout << "There is no move to undo." << endl;
            break;
    case 5: roepBesteScoreAan (spel); break;
    case 6: goedeZet = spel.bepaalGoedeZet (NrSimulaties);
            cout << "A good move: (" << goedeZet.first << ","
                 << goedeZet.second << ")" << endl;
            break;
    case 7: spel.doeExperiment (); break;
    default: cout << "Choose a number from the menu." << endl;
  }
}  // voerKeuzeUit

//*************************************************************************

// Show the menu over and over until the user stops (or input ends).
int main ()
{ TegelSpel spel;
  int keuze = 1;

  srand (time (NULL));
  while (keuze != 0)
  { spel.drukAf ();
    cout << endl << "1. Load a game   2. Moves   3. Do a move   4. Undo" << endl
         << "5. besteScore   6. Good move   7. Experiment   0. Stop" << endl
         << "Choice: ";
    if (!(cin >> keuze))
      keuze = 0;  // end of input
    else if (keuze != 0)
      voerKeuzeUit (spel, keuze);
  }
  return 0;
}  // main
