// Implementation of class Steen: reading a stone and its orientations.

#include <iostream>
#include <string>
#include <vector>
#include <cstring>
#include "standaard.h"
#include "steen.h"
using namespace std;

//*************************************************************************

// Default constructor: a stone of no cells, no orientation set.
Steen::Steen ()
{
  grootte = 0;
  memset (hoogte, 0, sizeof (hoogte));
  memset (breedte, 0, sizeof (breedte));
  memset (vakjes, 0, sizeof (vakjes));
  memset (dubbel, 0, sizeof (dubbel));
}  // default constructor

//*************************************************************************

// Read the m lines of the stone into orientation 0 and count its cells.
// Parameters: fin (the open file, read further), invoernaam and nummer
// (for messages). Members vakjes[0] and grootte are set.
// Return: true if every line has n characters X or .; false otherwise.
bool Steen::leesRijen (ifstream &fin, const char *invoernaam, int nummer)
{ string regel;

  grootte = 0;
  for (int r = 0; r < hoogte[0]; r++)
  { if (!(fin >> regel) || (int) regel.length () != breedte[0]
        || regel.find_first_not_of ("X.") != string::npos)
    { cout << invoernaam << ": stone " << nummer << ", line " << r + 1
           << ": expected " << breedte[0] << " characters X or ." << endl;
      return false;
    }
    for (int k = 0; k < breedte[0]; k++)
    { vakjes[0][r][k] = (regel[k] == Bedekt);
      if (vakjes[0][r][k])
        grootte++;
    }
  }
  return true;
}  // leesRijen

//*************************************************************************

// Check that the first and last row and column of orientation 0 each hold
// a covered cell. Nothing is changed.
bool Steen::randenBedekt ()
{ bool boven = false, onder = false, links = false, rechts = false;

  for (int k = 0; k < breedte[0]; k++)
  { boven = boven || vakjes[0][0][k];
    onder = onder || vakjes[0][hoogte[0] - 1][k];
  }
  for (int r = 0; r < hoogte[0]; r++)
  { links = links || vakjes[0][r][0];
    rechts = rechts || vakjes[0][r][breedte[0] - 1];
  }
  return boven && onder && links && rechts;
}  // randenBedekt

//*************************************************************************

// Check that the covered cells of orientation 0 are 4-connected, by a
// depth-first search from the first covered cell. Nothing is changed.
bool Steen::samenhangend ()
{ bool gezien[MaxDimSteen][MaxDimSteen] = {{false}};
  vector<int> stapel;  // cells r * MaxDimSteen + k still to expand
  const int dr[4] = {-1, 1, 0, 0}, dk[4] = {0, 0, -1, 1};
  int bereikt = 0;

  for (int c = 0; c < hoogte[0] * MaxDimSteen && stapel.empty (); c++)
    if (c % MaxDimSteen < breedte[0] && vakjes[0][c / MaxDimSteen][c % MaxDimSteen])
    { stapel.push_back (c);
      gezien[c / MaxDimSteen][c % MaxDimSteen] = true;
    }
  while (!stapel.empty ())
  { int r = stapel.back () / MaxDimSteen, k = stapel.back () % MaxDimSteen;
    stapel.pop_back ();
    bereikt++;
    for (int i = 0; i < 4; i++)
    { int r2 = r + dr[i], k2 = k + dk[i];
      if (r2 >= 0 && r2 < hoogte[0] && k2 >= 0 && k2 < breedte[0]
          && vakjes[0][r2][k2] && !gezien[r2][k2])
      { gezien[r2][k2] = true;
        stapel.push_back (r2 * MaxDimSteen + k2);
      }
    }
  }
  return bereikt == grootte;
}  // samenhangend

//*************************************************************************

// Make orientation `naar` the orientation `van` rotated 90 degrees
// clockwise: cell (r, k) of an m x n box goes to (k, m-1-r) of an n x m box.
// Parameters: van and naar (orientation numbers). Members of `naar` set.
void Steen::draai (int van, int naar)
{
  hoogte[naar] = breedte[van];
  breedte[naar] = hoogte[van];
  for (int r = 0; r < hoogte[van]; r++)
    for (int k = 0; k < breedte[van]; k++)
      vakjes[naar][k][hoogte[van] - 1 - r] = vakjes[van][r][k];
}  // draai

//*************************************************************************

// Make orientation `naar` the orientation `van` mirrored in the
// horizontal axis: cell (r, k) goes to (m-1-r, k).
// Parameters: van and naar (orientation numbers). Members of `naar` set.
void Steen::spiegel (int van, int naar)
{
  hoogte[naar] = hoogte[van];
  breedte[naar] = breedte[van];
  for (int r = 0; r < hoogte[van]; r++)
    for (int k = 0; k < breedte[van]; k++)
      vakjes[naar][hoogte[van] - 1 - r][k] = vakjes[van][r][k];
}  // spiegel

//*************************************************************************

// Whether orientation `orient` of this stone and orientation `orientAndere`
// of stone `andere` cover the same cells (in the same box).
bool Steen::gelijk (int orient, Steen &andere, int orientAndere)
{
  if (hoogte[orient] != andere.hoogte[orientAndere]
      || breedte[orient] != andere.breedte[orientAndere])
    return false;
  for (int r = 0; r < hoogte[orient]; r++)
    for (int k = 0; k < breedte[orient]; k++)
      if (vakjes[orient][r][k] != andere.vakjes[orientAndere][r][k])
        return false;
  return true;
}  // gelijk

//*************************************************************************

// Read the stone and compute its orientations (see steen.h).
bool Steen::leesIn (ifstream &fin, const char *invoernaam, int nummer)
{
  if (!(fin >> hoogte[0] >> breedte[0]))
  { cout << invoernaam << ": stone " << nummer << ": expected m n" << endl;
    return false;
  }
  if (!integerInBereik ("m", hoogte[0], 1, MaxDimSteen)
      || !integerInBereik ("n", breedte[0], 1, MaxDimSteen)
      || !leesRijen (fin, invoernaam, nummer))
    return false;
  if (grootte == 0 || !randenBedekt () || !samenhangend ())
  { cout << invoernaam << ": stone " << nummer << " must have an X on every"
         << " border row and column, and 4-connected cells" << endl;
    return false;
  }
  for (int o = 1; o < NrOrientaties; o++)
  { if (o == 4)
      spiegel (0, 4);
    else
      draai (o - 1, o);
  }
  for (int o = 0; o < NrOrientaties; o++)
  { dubbel[o] = false;
    for (int p = 0; p < o; p++)
      dubbel[o] = dubbel[o] || gelijk (o, *this, p);
  }
  return true;
}  // leesIn

//*************************************************************************

// Getter for the number of covered cells.
int Steen::getGrootte ()
{
  return grootte;
}  // getGrootte

//*************************************************************************

// Getter for the height of orientation `orient`'s box.
int Steen::getHoogte (int orient)
{
  return hoogte[orient];
}  // getHoogte

//*************************************************************************

// Getter for the width of orientation `orient`'s box.
int Steen::getBreedte (int orient)
{
  return breedte[orient];
}  // getBreedte

//*************************************************************************

// Whether cell (rij, kolom) of orientation `orient` is covered.
bool Steen::getVakje (int orient, int rij, int kolom)
{
  return vakjes[orient][rij][kolom];
}  // getVakje

//*************************************************************************

// Whether orientation `orient` repeats a lower orientation's cells.
bool Steen::isDubbel (int orient)
{
  return dubbel[orient];
}  // isDubbel

//*************************************************************************

// Whether some orientation of stone `andere` covers the same cells as
// orientation 0 of this stone.
bool Steen::isOrientatieVan (Steen &andere)
{
  for (int o = 0; o < NrOrientaties; o++)
    if (gelijk (0, andere, o))
      return true;
  return false;
}  // isOrientatieVan
