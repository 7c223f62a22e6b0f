// Implementation of class Checkers: positions, legal moves (with
// multi-jumps), perft and the count of continuation games.

#include <iostream>
#include <string>
#include <vector>
#include <cstring>
#include <cstdlib>
#include "checkers.h"
using namespace std;

const int Richting[2] = {1, -1};  // per side: the row step of a man forward

//*************************************************************************

// Constructor: an empty board of rijen x kolommen, Black to move.
Checkers::Checkers (int rijen, int kolommen)
{
  this->rijen = rijen;
  this->kolommen = kolommen;
  memset (bord, 0, sizeof (bord));
  aanZet = Zwart;
}  // constructor

//*************************************************************************

// Getter for the number of rows.
int Checkers::getRijen ()
{
  return rijen;
}  // getRijen

//*************************************************************************

// Getter for the number of columns.
int Checkers::getKolommen ()
{
  return kolommen;
}  // getKolommen

//*************************************************************************

// Getter for the side to move: Zwart or Wit.
int Checkers::getAanZet ()
{
  return aanZet;
}  // getAanZet

//*************************************************************************

// Getter for the contents of square (rij, kolom).
int Checkers::getVeld (int rij, int kolom)
{
  return bord[rij][kolom];
}  // getVeld

//*************************************************************************

// Whether square (rij, kolom) is dark (a1, row 0 and column 0, is dark).
bool Checkers::donker (int rij, int kolom)
{
  return (rij + kolom) % 2 == 0;
}  // donker

//*************************************************************************

// The side of piece `stuk`: Zwart, Wit, or -1 for an empty square.
int Checkers::kleur (int stuk)
{
  if (stuk == ZwartMan || stuk == ZwartKoning)
    return Zwart;
  if (stuk == WitMan || stuk == WitKoning)
    return Wit;
  return -1;
}  // kleur

//*************************************************************************

// Set the start position (see checkers.h); the moves done are forgotten.
bool Checkers::beginStand (int r)
{
  if (r < 1 || r > rijen / 2)
    return false;
  memset (bord, 0, sizeof (bord));
  for (int rij = 0; rij < rijen; rij++)
    for (int kolom = 0; kolom < kolommen; kolom++)
      if (donker (rij, kolom) && rij < r)
        bord[rij][kolom] = ZwartMan;
      else if (donker (rij, kolom) && rij >= rijen - r)
        bord[rij][kolom] = WitMan;
  aanZet = Zwart;
  gedaan.clear ();
  return true;
}  // beginStand

//*************************************************************************

// Read a square name such as c3 (a column letter, a row number from 1).
// Parameters: naam (the name), rij and kolom (get the square, from 0).
// Return: true if it names a dark square of the board; false otherwise.
bool Checkers::leesVeld (const string &naam, int &rij, int &kolom)
{
  if (naam.length () < 2 || naam.length () > 3
      || naam.find_first_not_of ("0123456789", 1) != string::npos)
    return false;
  kolom = (naam[0] >= 'A' && naam[0] <= 'Z') ? naam[0] - 'A' : naam[0] - 'a';
  rij = atoi (naam.c_str () + 1) - 1;
  return kolom >= 0 && kolom < kolommen && rij >= 0 && rij < rijen
         && donker (rij, kolom);
}  // leesVeld

//*************************************************************************

// Read one colour's part of a FEN, such as `Wc3,Ke5`, onto the board.
// Parameter: deel (the part). Member bord changes.
// Return: true if correct; false otherwise.
bool Checkers::leesKleur (const string &deel)
{ int kant, rij, kolom;
  size_t begin = 1, komma;

  if (deel == "" || (kant = (deel[0] == 'B' || deel[0] == 'b') ? Zwart
      : (deel[0] == 'W' || deel[0] == 'w') ? Wit : -1) < 0)
    return false;
  while (begin < deel.length ())
  { komma = deel.find (',', begin);
    if (komma == string::npos)
      komma = deel.length ();
    string naam = deel.substr (begin, komma - begin);
    bool koning = (naam != "" && (naam[0] == 'K' || naam[0] == 'k'));
    if (naam != "" && !leesVeld (koning ? naam.substr (1) : naam, rij, kolom))
      return false;
    if (naam != "")
      bord[rij][kolom] = (kant == Zwart) ? (koning ? ZwartKoning : ZwartMan)
                                         : (koning ? WitKoning : WitMan);
    begin = komma + 1;
  }
  return true;
}  // leesKleur

//*************************************************************************

// Set the position of a FEN (see checkers.h): read into a copy, which
// replaces this position only when the whole FEN is correct.
bool Checkers::leesFen (const string &fen)
{ Checkers nieuw (rijen, kolommen);
  size_t begin, dubbelepunt = fen.find (':');
  string kant = fen.substr (0, dubbelepunt);

  if (kant != "B" && kant != "b" && kant != "W" && kant != "w")
  { cout << "FEN " << fen << ": expected B or W, then the squares" << endl;
    return false;
  }
  nieuw.aanZet = (kant == "B" || kant == "b") ? Zwart : Wit;
  while (dubbelepunt != string::npos)
  { begin = dubbelepunt + 1;
    dubbelepunt = fen.find (':', begin);
    string deel = fen.substr (begin, dubbelepunt == string::npos
                              ? string::npos : dubbelepunt - begin);
    if (!nieuw.leesKleur (deel))
    { cout << "FEN " << fen << ": bad part '" << deel << "'" << endl;
      return false;
    }
  }
  *this = nieuw;
  return true;
}  // leesFen

//*************************************************************************

// The name of square `veld` (row * MaxGrootte + column), such as c3.
string Checkers::veldNaam (int veld)
{
  return string (1, (char) ('a' + veld % MaxGrootte))
         + to_string (veld / MaxGrootte + 1);
}  // veldNaam

//*************************************************************************

// A move in notation: its squares joined by - (a step) or x (captures).
string Checkers::zetTekst (const Zet &zet)
{ string tekst = veldNaam (zet.velden[0]);

  for (size_t i = 1; i < zet.velden.size (); i++)
    tekst += (zet.geslagen.empty () ? "-" : "x") + veldNaam (zet.velden[i]);
  return tekst;
}  // zetTekst

//*************************************************************************

// Extend capture path `pad` (its last square the capturing piece's square;
// the piece itself is off the board meanwhile) by every next jump. A man
// jumps forward only; a piece is jumped at most once and stays on the board
// until the move ends; a man crowned stops. A path that cannot go on (or,
// without `meerslag`, any path of one jump) is a move, added to zetten.
void Checkers::zoekSlagen (Zet &pad, bool koning, bool meerslag,
                           vector<Zet> &zetten)
{ int hier = pad.velden.back (), rij = hier / MaxGrootte,
      kolom = hier % MaxGrootte, verder = 0;

  for (int d = 0; d < 4; d++)
  { int dr = (d < 2) ? 1 : -1, dk = (d % 2 == 0) ? 1 : -1;
    int r2 = rij + 2 * dr, k2 = kolom + 2 * dk, over = hier + dr * MaxGrootte + dk;
    bool alGeslagen = false;
    for (size_t i = 0; i < pad.geslagen.size (); i++)
      alGeslagen = alGeslagen || pad.geslagen[i] == over;
    if ((!koning && dr != Richting[aanZet]) || r2 < 0 || r2 >= rijen
        || k2 < 0 || k2 >= kolommen || bord[r2][k2] != Leeg || alGeslagen
        || kleur (bord[rij + dr][kolom + dk]) != 1 - aanZet)
      continue;
    verder++;
    pad.velden.push_back (r2 * MaxGrootte + k2);
    pad.geslagen.push_back (over);
    pad.promotie = !koning && r2 == (aanZet == Zwart ? rijen - 1 : 0);
    if (pad.promotie || !meerslag)
      zetten.push_back (pad);
    else
      zoekSlagen (pad, koning, meerslag, zetten);
    pad.velden.pop_back ();
    pad.geslagen.pop_back ();
    pad.promotie = false;
  }
  if (verder == 0 && !pad.geslagen.empty ())
    zetten.push_back (pad);
}  // zoekSlagen

//*************************************************************************

// Add every step (one square diagonally, forward for a man) of the side to
// move to zetten.
void Checkers::bepaalStappen (vector<Zet> &zetten)
{ Zet zet;

  for (int rij = 0; rij < rijen; rij++)
    for (int kolom = 0; kolom < kolommen; kolom++)
    { int stuk = bord[rij][kolom];
      bool koning = (stuk == ZwartKoning || stuk == WitKoning);
      for (int d = 0; d < 4 && kleur (stuk) == aanZet; d++)
      { int dr = (d < 2) ? 1 : -1, dk = (d % 2 == 0) ? 1 : -1;
        int r2 = rij + dr, k2 = kolom + dk;
        if ((!koning && dr != Richting[aanZet]) || r2 < 0 || r2 >= rijen
            || k2 < 0 || k2 >= kolommen || bord[r2][k2] != Leeg)
          continue;
        zet.velden.assign (1, rij * MaxGrootte + kolom);
        zet.velden.push_back (r2 * MaxGrootte + k2);
        zet.promotie = !koning && r2 == (aanZet == Zwart ? rijen - 1 : 0);
        zetten.push_back (zet);
      }
    }
}  // bepaalStappen

//*************************************************************************

// Determine the legal moves of the side to move: the captures if there are
// any (multi-jumps with `meerslag`, single jumps without), else the steps.
// Parameters: zetten (gets the moves), meerslag (multi-jumps or not).
void Checkers::bepaalZetten (vector<Zet> &zetten, bool meerslag)
{ Zet pad;

  zetten.clear ();
  for (int rij = 0; rij < rijen; rij++)
    for (int kolom = 0; kolom < kolommen; kolom++)
    { int stuk = bord[rij][kolom];
      if (kleur (stuk) != aanZet)
        continue;
      bord[rij][kolom] = Leeg;  // the start square is empty during the jumps
      pad.velden.assign (1, rij * MaxGrootte + kolom);
      pad.geslagen.clear ();
      pad.promotie = false;
      zoekSlagen (pad, stuk == ZwartKoning || stuk == WitKoning, meerslag,
                  zetten);
      bord[rij][kolom] = stuk;
    }
  if (zetten.empty ())
    bepaalStappen (zetten);
}  // bepaalZetten

//*************************************************************************

// Do move `zet` (legal) and remember it for neemTerug: the piece moves to
// its last square (crowned if so), the captured pieces go, the other side
// is to move.
void Checkers::voerUit (const Zet &zet)
{ GedaneZet gedaneZet;
  int van = zet.velden[0], naar = zet.velden.back ();

  gedaneZet.zet = zet;
  gedaneZet.stuk = bord[van / MaxGrootte][van % MaxGrootte];
  for (size_t i = 0; i < zet.geslagen.size (); i++)
  { int veld = zet.geslagen[i];
    gedaneZet.geslagenStuk.push_back (bord[veld / MaxGrootte][veld % MaxGrootte]);
    bord[veld / MaxGrootte][veld % MaxGrootte] = Leeg;
  }
  bord[van / MaxGrootte][van % MaxGrootte] = Leeg;
  bord[naar / MaxGrootte][naar % MaxGrootte] = !zet.promotie ? gedaneZet.stuk
      : (aanZet == Zwart ? ZwartKoning : WitKoning);
  aanZet = 1 - aanZet;
  gedaan.push_back (gedaneZet);
}  // voerUit

//*************************************************************************

// Undo the last move done by voerUit.
// Pre: a move has been done.
void Checkers::neemTerug ()
{ GedaneZet &gedaneZet = gedaan.back ();
  int van = gedaneZet.zet.velden[0], naar = gedaneZet.zet.velden.back ();

  aanZet = 1 - aanZet;
  bord[naar / MaxGrootte][naar % MaxGrootte] = Leeg;
  bord[van / MaxGrootte][van % MaxGrootte] = gedaneZet.stuk;
  for (size_t i = 0; i < gedaneZet.zet.geslagen.size (); i++)
  { int veld = gedaneZet.zet.geslagen[i];
    bord[veld / MaxGrootte][veld % MaxGrootte] = gedaneZet.geslagenStuk[i];
  }
  gedaan.pop_back ();
}  // neemTerug

//*************************************************************************

// The legal moves in notation (see checkers.h).
vector<string> Checkers::legaleZetten ()
{ vector<Zet> zetten;
  vector<string> teksten;

  bepaalZetten (zetten, true);
  for (size_t i = 0; i < zetten.size (); i++)
    teksten.push_back (zetTekst (zetten[i]));
  return teksten;
}  // legaleZetten

//*************************************************************************

// Do the legal move written `zet` (see checkers.h).
bool Checkers::doeZet (const string &zet)
{ vector<Zet> zetten;

  bepaalZetten (zetten, true);
  for (size_t i = 0; i < zetten.size (); i++)
    if (zetTekst (zetten[i]) == zet)
    { voerUit (zetten[i]);
      return true;
    }
  return false;
}  // doeZet

//*************************************************************************

// Undo the last move done (see checkers.h).
bool Checkers::unDoeZet ()
{
  if (gedaan.empty ())
    return false;
  neemTerug ();
  return true;
}  // unDoeZet

//*************************************************************************

// Perft to depth `diepte` under the full rules (see checkers.h).
unsigned long long Checkers::perft (int diepte)
{ vector<Zet> zetten;
  unsigned long long bladeren = 0;

  if (diepte == 0)
    return 1;
  bepaalZetten (zetten, true);
  if (diepte == 1)
    return zetten.size ();
  for (size_t i = 0; i < zetten.size (); i++)
  { voerUit (zetten[i]);
    bladeren += perft (diepte - 1);
    neemTerug ();
  }
  return bladeren;
}  // perft

//*************************************************************************

// Whether side `kant` has a king on the board.
bool Checkers::heeftKoning (int kant)
{ int koning = (kant == Zwart) ? ZwartKoning : WitKoning;

  for (int rij = 0; rij < rijen; rij++)
    for (int kolom = 0; kolom < kolommen; kolom++)
      if (bord[rij][kolom] == koning)
        return true;
  return false;
}  // heeftKoning

//*************************************************************************

// The recursive count of continuation games under the variant rules.
// Parameter: teller (raised: [0] games, [1] Black won, [2] White won,
// [3] both have a king, [4] calls). The position is the same afterwards.
void Checkers::telRec (unsigned long long teller[5])
{ vector<Zet> zetten;

  teller[4]++;
  if (heeftKoning (Zwart) && heeftKoning (Wit))
  { teller[0]++;
    teller[3]++;
    return;
  }
  bepaalZetten (zetten, false);
  if (zetten.empty ())
  { teller[0]++;
    teller[aanZet == Zwart ? 2 : 1]++;  // the side to move has lost
    return;
  }
  for (size_t i = 0; i < zetten.size (); i++)
  { voerUit (zetten[i]);
    telRec (teller);
    neemTerug ();
  }
}  // telRec

//*************************************************************************

// Count the continuation games (see checkers.h): a wrapper of telRec.
void Checkers::telVervolgpartijen (unsigned long long &partijen,
                                   unsigned long long &zwartWint,
                                   unsigned long long &witWint,
                                   unsigned long long &beideKoning,
                                   unsigned long long &standen)
{ unsigned long long teller[5] = {0, 0, 0, 0, 0};

  telRec (teller);
  partijen = teller[0];
  zwartWint = teller[1];
  witWint = teller[2];
  beideKoning = teller[3];
  standen = teller[4];
}  // telVervolgpartijen

//*************************************************************************

// Print the board (the top row first) with coordinates: z/Z Black's man
// and king, w/W White's, . an empty dark square; then the pieces per side.
void Checkers::drukAf ()
{ const char teken[5] = {'.', 'z', 'Z', 'w', 'W'};
  int aantal[2] = {0, 0};

  for (int rij = rijen - 1; rij >= 0; rij--)
  { cout << (rij + 1 < 10 ? " " : "") << rij + 1 << " ";
    for (int kolom = 0; kolom < kolommen; kolom++)
    { cout << ' ' << (donker (rij, kolom) ? teken[bord[rij][kolom]] : ' ');
      if (kleur (bord[rij][kolom]) >= 0)
        aantal[kleur (bord[rij][kolom])]++;
    }
    cout << endl;
  }
  cout << "   ";
  for (int kolom = 0; kolom < kolommen; kolom++)
    cout << ' ' << (char) ('a' + kolom);
  cout << endl << "Black (z): " << aantal[Zwart] << " pieces, White (w): "
       << aantal[Wit] << " pieces; " << (aanZet == Zwart ? "Black" : "White")
       << " to move" << endl;
}  // drukAf
