// Menu program of the tiling game: choose the board size, read the stones,
// then place and remove stones and find or count solutions.

#include <iostream>
#include <iomanip>
#include <climits>
#include <ctime>
#include "constantes.h"
#include "stand.h"
using namespace std;

const int MaxBestandsNaamLengte = 256;  // maximum length of a file name

//*************************************************************************

// Read an integer from the user; on bad input the rest of the line is
// skipped. Parameter: getal (gets the value).
// Return: false at the end of the input; true otherwise.
bool leesGetal (int &getal)
{
  while (!(cin >> getal))
  { if (cin.eof ())
      return false;
    cin.clear ();
    cin.ignore (INT_MAX, '\n');
    cout << "Please type an integer: ";
  }
  return true;
}  // leesGetal

//*************************************************************************

// Find (zoek) or count the solutions of the board, dumb or smart, and
// print the result with the positions visited and the time.
// Parameters: stand (the board; unchanged), tellen (count instead of
// find), slim (the smart search).
void zoekOfTel (Stand &stand, bool tellen, bool slim)
{ static int oplossing[MaxDimensie][MaxDimensie];
  long long aantalStanden;
  clock_t t1 = clock ();

  if (tellen)
    cout << "Solutions: " << stand.telOplossingen (aantalStanden, slim);
  else if (stand.bepaalOplossing (aantalStanden, slim, oplossing))
  { for (int r = 0; r < stand.getHoogte (); r++)
    { for (int k = 0; k < stand.getBreedte (); k++)
        cout << setw (3) << oplossing[r][k];
      cout << endl;
    }
  }
  else
    cout << "No solution.";
  cout << endl << "Positions visited: " << aantalStanden << ", time: "
       << (double) (clock () - t1) / CLOCKS_PER_SEC << " s" << endl;
}  // zoekOfTel

//*************************************************************************

// Ask for a placement (row, column, stone, orientation) and do it.
// Parameter: stand (the board; the stone is put down when allowed).
void legNeer (Stand &stand)
{ int rij, kolom, steennr, orient;

  cout << "Row, column, stone, orientation: ";
  if (leesGetal (rij) && leesGetal (kolom) && leesGetal (steennr)
      && leesGetal (orient))
    stand.legSteenNeer (rij, kolom, steennr, orient);
}  // legNeer

//*************************************************************************

// Show the menu over and over until the user stops (or input ends).
// Parameter: stand (the board with its stones).
void menu (Stand &stand)
{ int keuze = 1, steennr;

  while (keuze != 0)
  { stand.drukAf ();
    cout << "1. Place a stone  2. Remove a stone  3. Find dumb  "
         << "4. Find smart" << endl << "5. Count dumb  6. Count smart  "
         << "0. Stop" << endl << "Choice: ";
    if (!leesGetal (keuze))
      keuze = 0;
    else if (keuze == 1)
      legNeer (stand);
    else if (keuze == 2 && leesGetal (steennr))
      stand.haalSteenWeg (steennr);
    else if (keuze >= 3 && keuze <= 6)
      zoekOfTel (stand, keuze >= 5, keuze % 2 == 0);
  }
}  // menu

//*************************************************************************

// Ask for the board size and the stones file, then show the menu.
int main ()
{ int hoogte, breedte;
  char invoernaam[MaxBestandsNaamLengte + 1];

  cout << "Rows and columns of the board (2..20): ";
  if (!leesGetal (hoogte) || !leesGetal (breedte))
    return 0;
  if (hoogte < MinDimensie || hoogte > MaxDimensie || breedte < MinDimensie
      || breedte > MaxDimensie)
  { cout << "The board must have 2 to 20 rows and columns." << endl;
    return 1;
  }
  Stand stand (hoogte, breedte);
  cout << "Stones file: ";
  cin >> setw (MaxBestandsNaamLengte) >> invoernaam;
  if (stand.leesInStenen (invoernaam))
    menu (stand);
  return 0;
}  // main
