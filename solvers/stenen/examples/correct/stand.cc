// Implementation of class Stand: reading stones, placing them, and the
// dumb and smart backtracking searches that find or count solutions.

#include <iostream>
#include <iomanip>
#include <fstream>
#include <string>
#include <vector>
#include <cstring>
#include "standaard.h"
#include "stand.h"
using namespace std;

//*************************************************************************

// Constructor: an empty board of hoogte x breedte cells, no stones.
// Parameters: hoogte and breedte (the board's rows and columns).
Stand::Stand (int hoogte, int breedte)
{
  this->hoogte = hoogte;
  this->breedte = breedte;
  memset (bord, 0, sizeof (bord));
  nrStenen = 0;
  memset (geplaatst, 0, sizeof (geplaatst));
  memset (klasse, 0, sizeof (klasse));
  ggdOver = 0;
  minOver = 0;
}  // constructor

//*************************************************************************

// Getter for the number of rows.
int Stand::getHoogte ()
{
  return hoogte;
}  // getHoogte

//*************************************************************************

// Getter for the number of columns.
int Stand::getBreedte ()
{
  return breedte;
}  // getBreedte

//*************************************************************************

// Getter for cell (rij, kolom): 0 or the number of its stone.
int Stand::getVakje (int rij, int kolom)
{
  return bord[rij][kolom];
}  // getVakje

//*************************************************************************

// Read the stones into a new empty board of the same size; only when the
// whole file is correct does it replace this board (see stand.h).
// Each stone's class (the lowest stone it is an orientation of) is set.
bool Stand::leesInStenen (const char* invoernaam)
{ ifstream fin (invoernaam);
  Stand nieuw (hoogte, breedte);
  string rest;

  if (!fin)
  { cout << "Cannot open file " << invoernaam << endl;
    return false;
  }
  if (!(fin >> nieuw.nrStenen)
      || !integerInBereik ("S", nieuw.nrStenen, 1, MaxNrStenen))
    return false;
  for (int s = 1; s <= nieuw.nrStenen; s++)
    if (!nieuw.stenen[s].leesIn (fin, invoernaam, s))
      return false;
  if (fin >> rest)
  { cout << invoernaam << ": unexpected '" << rest << "' after the last"
         << " stone" << endl;
    return false;
  }
  for (int s = 1; s <= nieuw.nrStenen; s++)
  { nieuw.klasse[s] = s;
    for (int t = s - 1; t >= 1; t--)
      if (nieuw.stenen[s].isOrientatieVan (nieuw.stenen[t]))
        nieuw.klasse[s] = nieuw.klasse[t];
  }
  *this = nieuw;
  return true;
}  // leesInStenen

//*************************************************************************

// Print the board, row by row, with coordinates.
void Stand::drukAf ()
{
  cout << "   ";
  for (int k = 0; k < breedte; k++)
    cout << setw (3) << k;
  cout << endl;
  for (int r = 0; r < hoogte; r++)
  { cout << setw (3) << r;
    for (int k = 0; k < breedte; k++)
    { if (bord[r][k] == 0)
        cout << "  .";
      else
        cout << setw (3) << bord[r][k];
    }
    cout << endl;
  }
}  // drukAf

//*************************************************************************

// Whether stone `steennr` in orientation `orient` fits with its box's
// top-left cell on (rij, kolom): the box lies on the board and every
// covered cell is empty. Nothing is changed.
bool Stand::past (int rij, int kolom, int steennr, int orient)
{ Steen &steen = stenen[steennr];

  if (rij < 0 || kolom < 0 || rij + steen.getHoogte (orient) > hoogte
      || kolom + steen.getBreedte (orient) > breedte)
    return false;
  for (int r = 0; r < steen.getHoogte (orient); r++)
    for (int k = 0; k < steen.getBreedte (orient); k++)
      if (steen.getVakje (orient, r, k) && bord[rij + r][kolom + k] != 0)
        return false;
  return true;
}  // past

//*************************************************************************

// Write `waarde` on the cells the stone covers with its box's top-left
// cell on (rij, kolom): the stone's number to put it down, 0 to take it
// off. Parameters: the placement and waarde. Member bord changes.
void Stand::zet (int rij, int kolom, int steennr, int orient, int waarde)
{ Steen &steen = stenen[steennr];

  for (int r = 0; r < steen.getHoogte (orient); r++)
    for (int k = 0; k < steen.getBreedte (orient); k++)
      if (steen.getVakje (orient, r, k))
        bord[rij + r][kolom + k] = waarde;
  geplaatst[steennr] = (waarde != 0);
}  // zet

//*************************************************************************

// Put a stone on the board if allowed (see stand.h).
bool Stand::legSteenNeer (int rij, int kolom, int steennr, int orient)
{
  if (!integerInBereik ("stone", steennr, 1, nrStenen)
      || !integerInBereik ("orientation", orient, 0, NrOrientaties - 1))
    return false;
  if (geplaatst[steennr])
  { cout << "Stone " << steennr << " is on the board already." << endl;
    return false;
  }
  if (!past (rij, kolom, steennr, orient))
  { cout << "The stone does not fit there." << endl;
    return false;
  }
  zet (rij, kolom, steennr, orient, steennr);
  return true;
}  // legSteenNeer

//*************************************************************************

// Take a stone off the board (see stand.h): its cells become empty.
bool Stand::haalSteenWeg (int steennr)
{
  if (steennr < 1 || steennr > nrStenen || !geplaatst[steennr])
    return false;
  for (int r = 0; r < hoogte; r++)
    for (int k = 0; k < breedte; k++)
      if (bord[r][k] == steennr)
        bord[r][k] = 0;
  geplaatst[steennr] = false;
  return true;
}  // haalSteenWeg

//*************************************************************************

// Return the column of the first covered cell in the top row of stone
// `steennr`'s orientation `orient` (its first covered cell row by row).
int Stand::eersteVakje (int steennr, int orient)
{ int k = 0;

  while (!stenen[steennr].getVakje (orient, 0, k))
    k++;
  return k;
}  // eersteVakje

//*************************************************************************

// Whether the search may try stone `steennr`: it is not on the board and
// every lower stone of its class is (identical stones in number order).
bool Stand::magProberen (int steennr)
{
  if (geplaatst[steennr])
    return false;
  for (int t = 1; t < steennr; t++)
    if (klasse[t] == klasse[steennr] && !geplaatst[t])
      return false;
  return true;
}  // magProberen

//*************************************************************************

// Whether the stones not on the board cover as many cells as are empty;
// prints a message when not. Nothing is changed.
bool Stand::aantallenKloppen ()
{ int cellen = 0, leeg = 0;

  for (int s = 1; s <= nrStenen; s++)
    if (!geplaatst[s])
      cellen += stenen[s].getGrootte ();
  for (int r = 0; r < hoogte; r++)
    for (int k = 0; k < breedte; k++)
      if (bord[r][k] == 0)
        leeg++;
  if (cellen != leeg)
    cout << "No solution: " << cellen << " cells of stones, " << leeg
         << " empty cells" << endl;
  return cellen == leeg;
}  // aantallenKloppen

//*************************************************************************

// Set members ggdOver and minOver to the gcd and the minimum of the sizes
// of the stones not on the board (ggdOver 0 when every stone is on it).
void Stand::bepaalGgdEnMin ()
{
  ggdOver = 0;
  minOver = MaxDimSteen * MaxDimSteen + 1;
  for (int s = 1; s <= nrStenen; s++)
  { if (!geplaatst[s])
    { ggdOver = ggd (ggdOver, stenen[s].getGrootte ());
      if (stenen[s].getGrootte () < minOver)
        minOver = stenen[s].getGrootte ();
    }
  }
}  // bepaalGgdEnMin

//*************************************************************************

// Mark the empty region of cell (rij, kolom) in gezien (depth-first, with
// a stack) and return its number of cells.
// Pre: the cell is empty and not marked yet.
int Stand::vulGebied (int rij, int kolom, bool gezien[][MaxDimensie])
{ vector<int> stapel (1, rij * MaxDimensie + kolom);
  const int dr[4] = {-1, 1, 0, 0}, dk[4] = {0, 0, -1, 1};
  int grootte = 0;

  gezien[rij][kolom] = true;
  while (!stapel.empty ())
  { int r = stapel.back () / MaxDimensie, k = stapel.back () % MaxDimensie;
    stapel.pop_back ();
    grootte++;
    for (int i = 0; i < 4; i++)
    { int r2 = r + dr[i], k2 = k + dk[i];
      if (r2 >= 0 && r2 < hoogte && k2 >= 0 && k2 < breedte
          && bord[r2][k2] == 0 && !gezien[r2][k2])
      { gezien[r2][k2] = true;
        stapel.push_back (r2 * MaxDimensie + k2);
      }
    }
  }
  return grootte;
}  // vulGebied

//*************************************************************************

// The smart test: whether every empty region's size is a multiple of
// ggdOver and at least minOver (true when no stone is left).
// Pre: bepaalGgdEnMin has been called for the current board.
bool Stand::gebiedenKloppen ()
{ bool gezien[MaxDimensie][MaxDimensie];
  int grootte;

  if (ggdOver == 0)
    return true;
  memset (gezien, 0, sizeof (gezien));
  for (int r = 0; r < hoogte; r++)
    for (int k = 0; k < breedte; k++)
      if (bord[r][k] == 0 && !gezien[r][k])
      { grootte = vulGebied (r, k, gezien);
        if (grootte % ggdOver != 0 || grootte < minOver)
          return false;
      }
  return true;
}  // gebiedenKloppen

//*************************************************************************

// Try to put stone `steennr` in orientation `orient` so that its first
// covered cell lands on empty cell (rij, kolom); with `slim`, undo it at
// once when the smart test fails.
// Return: true if the stone is on the board now; false if not (nothing
// changed).
bool Stand::legAnker (int rij, int kolom, int steennr, int orient, bool slim)
{ int links = kolom - eersteVakje (steennr, orient);

  if (!past (rij, links, steennr, orient))
    return false;
  zet (rij, links, steennr, orient, steennr);
  if (slim)
  { bepaalGgdEnMin ();
    if (!gebiedenKloppen ())
    { zet (rij, links, steennr, orient, 0);
      return false;
    }
  }
  return true;
}  // legAnker

//*************************************************************************

// The recursive search for one solution (see bepaalOplossing): cover the
// first empty cell in every allowed way, in order, until the board is
// full. Parameters: aantalStanden (+1 per call), slim (the smart test),
// oplossing (gets the full board). The board is the same afterwards.
// Return: whether a solution was found.
bool Stand::zoekOplossing (long long &aantalStanden, bool slim,
                           int oplossing[MaxDimensie][MaxDimensie])
{ int cel = 0;

  aantalStanden++;
  while (cel < hoogte * breedte && bord[cel / breedte][cel % breedte] != 0)
    cel++;
  if (cel == hoogte * breedte)
  { memcpy (oplossing, bord, sizeof (bord));
    return true;
  }
  for (int s = 1; s <= nrStenen; s++)
    for (int o = 0; o < NrOrientaties && magProberen (s); o++)
    { int rij = cel / breedte, kolom = cel % breedte;
      if (!stenen[s].isDubbel (o) && legAnker (rij, kolom, s, o, slim))
      { bool gevonden = zoekOplossing (aantalStanden, slim, oplossing);
        zet (rij, kolom - eersteVakje (s, o), s, o, 0);
        if (gevonden)
          return true;
      }
    }
  return false;
}  // zoekOplossing

//*************************************************************************

// Find one solution (see stand.h): a wrapper of zoekOplossing.
bool Stand::bepaalOplossing (long long &aantalStanden, bool slim,
                             int oplossing[MaxDimensie][MaxDimensie])
{
  aantalStanden = 0;
  if (!aantallenKloppen ())
    return false;
  return zoekOplossing (aantalStanden, slim, oplossing);
}  // bepaalOplossing

//*************************************************************************

// The recursive count of solutions (see telOplossingen), in the order of
// zoekOplossing. Parameters: aantalStanden (+1 per call), slim (the smart
// test). The board is the same afterwards.
// Return: the number of solutions from the current board.
long long Stand::telRec (long long &aantalStanden, bool slim)
{ int cel = 0;
  long long aantal = 0;

  aantalStanden++;
  while (cel < hoogte * breedte && bord[cel / breedte][cel % breedte] != 0)
    cel++;
  if (cel == hoogte * breedte)
    return 1;
  for (int s = 1; s <= nrStenen; s++)
    for (int o = 0; o < NrOrientaties && magProberen (s); o++)
    { int rij = cel / breedte, kolom = cel % breedte;
      if (!stenen[s].isDubbel (o) && legAnker (rij, kolom, s, o, slim))
      { aantal += telRec (aantalStanden, slim);
        zet (rij, kolom - eersteVakje (s, o), s, o, 0);
      }
    }
  return aantal;
}  // telRec

//*************************************************************************

// Count all solutions (see stand.h): a wrapper of telRec.
long long Stand::telOplossingen (long long &aantalStanden, bool slim)
{
  aantalStanden = 0;
  if (!aantallenKloppen ())
    return 0;
  return telRec (aantalStanden, slim);
}  // telOplossingen
