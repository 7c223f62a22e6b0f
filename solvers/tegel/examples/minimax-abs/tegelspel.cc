// Implementation of class TegelSpel: reading a game, moves, undo, the
// complete search besteScore and the Monte Carlo move bepaalGoedeZet.

#include <iostream>
#include <iomanip>
#include <fstream>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <ctime>
#include "standaard.h"
#include "tegelspel.h"
using namespace std;

const char Kleuren[2] = {Geel, Blauw};  // colour number -> letter

//*************************************************************************

// Default constructor: an empty game without bowls or rows.
// The pot is empty, no moves are done, player 0 is to move.
TegelSpel::TegelSpel ()
{
  potPositie = 0;
  nrSchalen = 0;
  nrTegelsInSchaal = 0;
  nrRijen = 0;
  nrVakjes = 0;
  aanBeurt = 0;
  memset (schalen, 0, sizeof (schalen));
  memset (rijen, 0, sizeof (rijen));
}  // default constructor

//*************************************************************************

// Return the tiles still in the pot, the next one to draw first.
string TegelSpel::getPot ()
{
  return pot.substr (potPositie);
}  // getPot

//*************************************************************************

// Return per bowl the pair (yellow tiles, blue tiles).
vector< pair<int,int> > TegelSpel::getSchalen ()
{ vector< pair<int,int> > inhoud;

  for (int s = 0; s < nrSchalen; s++)
    inhoud.push_back (make_pair (schalen[s][0], schalen[s][1]));
  return inhoud;
}  // getSchalen

//*************************************************************************

// Return per row of player `speler` the pair (yellow tiles, blue tiles).
// Parameter: speler (0 or 1).
vector< pair<int,int> > TegelSpel::getRijen (int speler)
{ vector< pair<int,int> > inhoud;

  for (int r = 0; r < nrRijen; r++)
    inhoud.push_back (make_pair (rijen[speler][r][0], rijen[speler][r][1]));
  return inhoud;
}  // getRijen

//*************************************************************************

// Return the player to move (0 or 1).
int TegelSpel::getAanBeurt ()
{
  return aanBeurt;
}  // getAanBeurt

//*************************************************************************

// Translate a colour letter to its number.
// Parameter: kleur (the letter).
// Return: 0 for yellow, 1 for blue, -1 for any other character.
int TegelSpel::kleurNummer (char kleur)
{
  if (kleur == Geel)
    return 0;
  if (kleur == Blauw)
    return 1;
  return -1;
}  // kleurNummer

//*************************************************************************

// Read the next token of fin as an integer in [minWaarde, maxWaarde].
// Parameters: fin (the open file, read further), invoernaam (the file's
// name, for messages), wat (what is read, for messages), minWaarde and
// maxWaarde (the bounds), getal (gets the value read).
// Return: true if a correct integer was read; false (with a message) if
// the file ended, the token is not an integer or it is out of range.
bool TegelSpel::leesGetal (ifstream &fin, const char *invoernaam,
                           const char *wat, int minWaarde, int maxWaarde,
                           int &getal)
{ string woord;
  size_t i = 0;

  if (!(fin >> woord))
  { cout << invoernaam << ": file ends; expected " << wat << endl;
    return false;
  }
  if (woord[0] == '-' || woord[0] == '+')
    i = 1;  // a sign, then 1 to 9 digits
  if (i == woord.length () || woord.length () - i > 9
      || woord.find_first_not_of ("0123456789", i) != string::npos)
  { cout << invoernaam << ": expected " << wat << ", an integer, found '"
         << woord << "'" << endl;
    return false;
  }
  getal = atoi (woord.c_str ());
  return integerInBereik (wat, getal, minWaarde, maxWaarde);
}  // leesGetal

//*************************************************************************

// Read the pot (the first token of the file) and check that it holds only
// letters g and b.
// Parameters: fin (the open file, read further), invoernaam (for messages).
// Return: true if correct (member pot is set); false with a message if not.
bool TegelSpel::leesPot (ifstream &fin, const char *invoernaam)
{
  if (!(fin >> pot))
  { cout << invoernaam << ": file ends; expected the pot" << endl;
    return false;
  }
  for (size_t i = 0; i < pot.length (); i++)
  { if (kleurNummer (pot[i]) < 0)
    { cout << invoernaam << ": the pot may only hold letters g and b, found '"
           << pot[i] << "'" << endl;
      return false;
    }
  }
  potPositie = 0;
  return true;
}  // leesPot

//*************************************************************************

// Read M N and K L and check their ranges.
// Parameters: fin (the open file, read further), invoernaam (for messages).
// Return: true if correct (the members for M, N, K, L are set);
// false with a message if not.
bool TegelSpel::leesAfmetingen (ifstream &fin, const char *invoernaam)
{
  return leesGetal (fin, invoernaam, "M", 1, MaxNrSchalen, nrSchalen)
      && leesGetal (fin, invoernaam, "N", 1, MaxNrTegelsInSchaal,
                    nrTegelsInSchaal)
      && leesGetal (fin, invoernaam, "K", 1, MaxNrRijen, nrRijen)
      && leesGetal (fin, invoernaam, "L", 1, MaxNrVakjes, nrVakjes);
}  // leesAfmetingen

//*************************************************************************

// Read the K rows of player `speler`: per row the yellow and the blue
// count; a row holds one colour only and at most L tiles.
// Parameters: fin (the open file, read further), invoernaam (for
// messages), speler (0 or 1, whose rows are read).
// Return: true if correct (member rijen is set); false with a message.
bool TegelSpel::leesBord (ifstream &fin, const char *invoernaam, int speler)
{ int geel, blauw;

  for (int r = 0; r < nrRijen; r++)
  { if (!leesGetal (fin, invoernaam, "a yellow count", 0, nrVakjes, geel)
        || !leesGetal (fin, invoernaam, "a blue count", 0, nrVakjes, blauw))
      return false;
    if ((geel > 0 && blauw > 0) || geel + blauw > nrVakjes)
    { cout << invoernaam << ": row " << r << " of player " << speler
           << " must hold one colour and at most " << nrVakjes
           << " tiles" << endl;
      return false;
    }
    rijen[speler][r][0] = geel;
    rijen[speler][r][1] = blauw;
  }
  return true;
}  // leesBord

//*************************************************************************

// Read a game from file invoernaam into a new game; only when the whole
// file is correct does it replace the current game (see tegelspel.h).
bool TegelSpel::leesInSpel (const char* invoernaam)
{ ifstream fin (invoernaam);
  TegelSpel nieuw;
  string rest;

  if (!fin)
  { cout << "Cannot open file " << invoernaam << endl;
    return false;
  }
  if (!nieuw.leesPot (fin, invoernaam)
      || !nieuw.leesAfmetingen (fin, invoernaam)
      || !nieuw.leesBord (fin, invoernaam, 0)
      || !nieuw.leesBord (fin, invoernaam, 1)
      || !leesGetal (fin, invoernaam, "the player to move", 0, 1,
                     nieuw.aanBeurt))
    return false;
  if (fin >> rest)
  { cout << invoernaam << ": unexpected '" << rest
         << "' after the player to move" << endl;
    return false;
  }
  for (int s = 0; s < nieuw.nrSchalen; s++)
    nieuw.vulSchaal (s);
  *this = nieuw;
  return true;
}  // leesInSpel

//*************************************************************************

// Fill bowl `schaal` from the front of the pot up to N tiles, as far as
// the pot reaches.
// Parameter: schaal (the bowl). Members schalen and potPositie change.
// Return: the number of tiles moved from the pot to the bowl.
int TegelSpel::vulSchaal (int schaal)
{ int bijGevuld = 0;

  while (schalen[schaal][0] + schalen[schaal][1] < nrTegelsInSchaal
         && potPositie < pot.length ())
  { schalen[schaal][kleurNummer (pot[potPositie])]++;
    potPositie++;
    bijGevuld++;
  }
  return bijGevuld;
}  // vulSchaal

//*************************************************************************

// Return the number of tiles in row `rij` of player `speler`.
int TegelSpel::vulling (int speler, int rij)
{
  return rijen[speler][rij][0] + rijen[speler][rij][1];
}  // vulling

//*************************************************************************

// Determine the row where `aantal` tiles of colour `kleur` of player
// `speler` go: among the rows that are empty or hold that colour and
// still have room for them, the fullest one (the lowest on a tie).
// Parameters: speler (0 or 1), kleur (0 or 1), aantal (>= 1).
// Return: the row, or -1 when no row takes them.
int TegelSpel::doelRij (int speler, int kleur, int aantal)
{ int beste = -1;

  for (int r = 0; r < nrRijen; r++)
  { int f = vulling (speler, r);
    if ((f == 0 || rijen[speler][r][kleur] > 0) && f + aantal <= nrVakjes
        && (beste < 0 || f > vulling (speler, beste)))
      beste = r;
  }
  return beste;
}  // doelRij

//*************************************************************************

// Return the number of full rows (L tiles) of player `speler`.
int TegelSpel::aantalVolleRijen (int speler)
{ int aantal = 0;

  for (int r = 0; r < nrRijen; r++)
    if (vulling (speler, r) == nrVakjes)
      aantal++;
  return aantal;
}  // aantalVolleRijen

//*************************************************************************

// Return whether one of the players has all her rows full.
bool TegelSpel::iemandAllesVol ()
{
  return aantalVolleRijen (0) == nrRijen || aantalVolleRijen (1) == nrRijen;
}  // iemandAllesVol

//*************************************************************************

// Return the score of player `speler`: her full rows minus her opponent's.
int TegelSpel::score (int speler)
{
  return aantalVolleRijen (speler) - aantalVolleRijen (1 - speler);
}  // score

//*************************************************************************

// Check whether the game is at an end position (see tegelspel.h).
bool TegelSpel::eindstand ()
{
  return iemandAllesVol () || bepaalVerschillendeZetten ().empty ();
}  // eindstand

//*************************************************************************

// Print the pot, the bowls, both boards and the player to move.
void TegelSpel::drukAf ()
{
  cout << "Pot: " << getPot () << endl;
  for (int s = 0; s < nrSchalen; s++)
    cout << "Bowl " << s << ": " << string (schalen[s][0], Geel)
         << string (schalen[s][1], Blauw) << endl;
  for (int speler = 0; speler < 2; speler++)
  { cout << "Player " << speler << ":" << endl;
    for (int r = 0; r < nrRijen; r++)
      cout << "  " << string (rijen[speler][r][0], Geel)
           << string (rijen[speler][r][1], Blauw)
           << string (nrVakjes - vulling (speler, r), '.') << endl;
  }
  cout << "Player to move: " << aanBeurt << endl;
}  // drukAf

//*************************************************************************

// Determine the distinct moves of the player to move, bowl ascending and
// yellow before blue within a bowl (see tegelspel.h).
vector< pair<int,char> > TegelSpel::bepaalVerschillendeZetten ()
{ vector< pair<int,char> > zetten;

  for (int s = 0; s < nrSchalen; s++)
  { for (int k = 0; k < 2; k++)
    { int aantal = schalen[s][k];
      bool eerder = false;  // an earlier bowl with as many tiles of k?
      for (int t = 0; t < s; t++)
        if (schalen[t][k] == aantal)
          eerder = true;
      if (aantal > 0 && !eerder && doelRij (aanBeurt, k, aantal) >= 0)
        zetten.push_back (make_pair (s, Kleuren[k]));
    }
  }
  return zetten;
}  // bepaalVerschillendeZetten

//*************************************************************************

// Do move (schaal, kleur) if it is legal; refused when a player has all
// rows full (see tegelspel.h). The move is remembered for unDoeZet.
bool TegelSpel::doeZet (int schaal, char kleur)
{ int k = kleurNummer (kleur);
  GedaneZet zet;

  if (schaal < 0 || schaal >= nrSchalen || k < 0 || iemandAllesVol ()
      || schalen[schaal][k] == 0)
    return false;
  zet.rij = doelRij (aanBeurt, k, schalen[schaal][k]);
  if (zet.rij < 0)
    return false;
  zet.schaal = schaal;
  zet.kleur = k;
  zet.aantal = schalen[schaal][k];
  rijen[aanBeurt][zet.rij][k] += zet.aantal;
  schalen[schaal][k] = 0;
  zet.bijGevuld = vulSchaal (schaal);
  gedaneZetten.push_back (zet);
  aanBeurt = 1 - aanBeurt;
  return true;
}  // doeZet

//*************************************************************************

// Undo the last move done: put the refilled tiles back in the pot, the
// taken tiles back on their bowl, and give the turn back.
bool TegelSpel::unDoeZet ()
{ GedaneZet zet;

  if (gedaneZetten.empty ())
    return false;
  zet = gedaneZetten.back ();
  gedaneZetten.pop_back ();
  aanBeurt = 1 - aanBeurt;
  for (int i = 0; i < zet.bijGevuld; i++)
  { potPositie--;
    schalen[zet.schaal][kleurNummer (pot[potPositie])]--;
  }
  schalen[zet.schaal][zet.kleur] += zet.aantal;
  rijen[aanBeurt][zet.rij][zet.kleur] -= zet.aantal;
  return true;
}  // unDoeZet

//*************************************************************************

// The recursive part of besteScore: negamax over the distinct moves that
// keeps the move whose score has the smallest absolute value (the score
// closest to a draw), as the report on this assignment describes it.
// Parameters: besteZet (gets the first best move of this position; left
// alone at an end position), aantalStanden (raised by one per call).
// Return: the score for the player to move under optimal play.
int TegelSpel::besteScoreRec (pair<int,char> &besteZet,
                              long long &aantalStanden)
{ vector< pair<int,char> > zetten;
  pair<int,char> zetDaarna;  // best move of a following position (unused)
  int beste = INT_MAX, waarde;

  aantalStanden++;
  if (eindstand ())
    return score (aanBeurt);
  zetten = bepaalVerschillendeZetten ();
  for (size_t i = 0; i < zetten.size (); i++)
  { doeZet (zetten[i].first, zetten[i].second);
    waarde = -besteScoreRec (zetDaarna, aantalStanden);
    unDoeZet ();
    if (abs (waarde) < abs (beste))  // the score closest to 0 is kept
    { beste = waarde;
      besteZet = zetten[i];
    }
  }
  return beste;
}  // besteScoreRec

//*************************************************************************

// Wrapper of the complete search (see tegelspel.h): starts the count of
// positions at 0 and the best move at (-1, '-').
int TegelSpel::besteScore (pair<int,char> &besteZet, long long &aantalStanden)
{
  aantalStanden = 0;
  besteZet = make_pair (-1, '-');
  return besteScoreRec (besteZet, aantalStanden);
}  // besteScore

//*************************************************************************

// Play random distinct moves (drawn with randomGetal) to an end position,
// then undo them all.
// Parameter: speler (the player whose score is returned).
// Return: the final score of `speler`.
int TegelSpel::speelRandomUit (int speler)
{ vector< pair<int,char> > zetten = bepaalVerschillendeZetten ();
  int gedaan = 0, eindScore;

  while (!iemandAllesVol () && !zetten.empty ())
  { int keuze = randomGetal (0, (int) zetten.size () - 1);
    doeZet (zetten[keuze].first, zetten[keuze].second);
    gedaan++;
    zetten = bepaalVerschillendeZetten ();
  }
  eindScore = score (speler);
  for (int i = 0; i < gedaan; i++)
    unDoeZet ();
  return eindScore;
}  // speelRandomUit

//*************************************************************************

// Monte Carlo good move (see tegelspel.h). The sum of the final scores is
// compared instead of the average: every move gets the same number of
// games, so the order is the same.
pair<int,char> TegelSpel::bepaalGoedeZet (int nrSimulaties)
{ vector< pair<int,char> > zetten = bepaalVerschillendeZetten ();
  pair<int,char> goedeZet = make_pair (-1, '-');
  long long som, besteSom = LLONG_MIN;
  int speler = aanBeurt;

  if (iemandAllesVol ())
    return goedeZet;
  for (size_t i = 0; i < zetten.size (); i++)
  { doeZet (zetten[i].first, zetten[i].second);
    som = 0;
    for (int j = 0; j < nrSimulaties; j++)
      som += speelRandomUit (speler);
    unDoeZet ();
    if (som > besteSom)
    { besteSom = som;
      goedeZet = zetten[i];
    }
  }
  return goedeZet;
}  // bepaalGoedeZet

//*************************************************************************

// The experiment: play good moves to an end position, then undo them one
// at a time; after each undo, print the positions visited by besteScore,
// its time, score and best move. At the end the position is as before.
void TegelSpel::doeExperiment ()
{ pair<int,char> zet;
  long long aantalStanden;
  int gedaan = 0, waarde;
  clock_t t1, t2;

  while (!eindstand ())
  { zet = bepaalGoedeZet (NrSimulaties);
    doeZet (zet.first, zet.second);
    gedaan++;
  }
  cout << "undone  positions  seconds  score  move" << endl;
  for (int i = 1; i <= gedaan; i++)
  { unDoeZet ();
    t1 = clock ();
    waarde = besteScore (zet, aantalStanden);
    t2 = clock ();
    cout << setw (6) << i << setw (11) << aantalStanden << setw (9)
         << fixed << setprecision (3) << (double) (t2 - t1) / CLOCKS_PER_SEC
         << setw (7) << waarde << "  (" << zet.first << "," << zet.second
         << ")" << endl;
  }
}  // doeExperiment
