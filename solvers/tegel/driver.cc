// Driver main program of the tile game: speaks the harness's solver
// protocol, version 1 (docs/solvers.md), on standard input and output,
// and answers every request by calling only the public member functions
// of class TegelSpel (tegelspel.h). Built with every .cc file of a
// hand-in except its main.cc.
//
// Everything the hand-in writes to cout goes to standard error, so that
// its messages never mix with the answers on standard output.

#include <iostream>
#include <string>
#include <vector>
#include <utility>
#include <cstdlib>
#include "tegelspel.h"
using namespace std;

const int ProtocolVersie = 1;       // the protocol version spoken
const long long MaxSimulaties = 1000000000;  // largest SIMS accepted
const long long MaxZaad = 4294967295LL;      // largest SEED (unsigned int)

//*************************************************************************

// Split a request line into words separated by single spaces.
// Parameters: regel (the line, without its line end), woorden (gets the
// words).
// Return: false when the line is empty or has an empty word (two spaces
// in a row, or a space at the start or the end); true otherwise.
bool splitsRegel (const string &regel, vector<string> &woorden)
{ size_t begin = 0, spatie;

  woorden.clear ();
  while (true)
  { spatie = regel.find (' ', begin);
    if (spatie == string::npos)
      spatie = regel.length ();
    if (spatie == begin)
      return false;
    woorden.push_back (regel.substr (begin, spatie - begin));
    if (spatie == regel.length ())
      return true;
    begin = spatie + 1;
  }
}  // splitsRegel

//*************************************************************************

// Read a word as a decimal integer in [minWaarde, maxWaarde]: digits only
// (no sign, no spaces), at most 18 of them.
// Parameters: woord (the word), minWaarde and maxWaarde (the bounds),
// getal (gets the value).
// Return: true if the word is such an integer; false otherwise.
bool leesGetal (const string &woord, long long minWaarde,
                long long maxWaarde, long long &getal)
{
  if (woord.empty () || woord.length () > 18
      || woord.find_first_not_of ("0123456789") != string::npos)
    return false;
  getal = atoll (woord.c_str ());
  return getal >= minWaarde && getal <= maxWaarde;
}  // leesGetal

//*************************************************************************

// Read a move written as bowl number and colour letter, e.g. 0g or 3b.
// Parameters: woord (the word), schaal and kleur (get the move).
// Return: true if the word has that form; false otherwise.
bool leesZet (const string &woord, int &schaal, char &kleur)
{ long long getal;

  if (woord.length () < 2)
    return false;
  kleur = woord[woord.length () - 1];
  if ((kleur != 'g' && kleur != 'b')
      || !leesGetal (woord.substr (0, woord.length () - 1), 0, 1000000,
                     getal))
    return false;
  schaal = (int) getal;
  return true;
}  // leesZet

//*************************************************************************

// Write a move as bowl number and colour letter, or `-` for no move.
// Parameter: zet (the move; a bowl below 0 means no move).
string zetTekst (pair<int,char> zet)
{
  if (zet.first < 0)
    return "-";
  return to_string (zet.first) + zet.second;
}  // zetTekst

//*************************************************************************

// Answer `best`: besteScore's score, best move and positions visited.
// Parameter: spel (the game; unchanged).
string vraagBeste (TegelSpel &spel)
{ pair<int,char> besteZet = make_pair (-1, '-');
  long long aantalStanden = 0;
  int score = spel.besteScore (besteZet, aantalStanden);

  return "ok " + to_string (score) + " " + zetTekst (besteZet) + " "
         + to_string (aantalStanden);
}  // vraagBeste

//*************************************************************************

// Answer `good SIMS SEED`: srand(SEED), then bepaalGoedeZet(SIMS);
// `ok -` at an end position, where there is no move to choose.
// Parameters: spel (the game; unchanged), woorden (the request's words).
string vraagGoed (TegelSpel &spel, const vector<string> &woorden)
{ long long simulaties, zaad;

  if (woorden.size () != 3 || !leesGetal (woorden[1], 1, MaxSimulaties,
      simulaties) || !leesGetal (woorden[2], 0, MaxZaad, zaad))
    return "error usage: good SIMS SEED (SIMS >= 1, SEED an unsigned int)";
  if (spel.eindstand ())
    return "ok -";
  srand ((unsigned int) zaad);
  return "ok " + zetTekst (spel.bepaalGoedeZet ((int) simulaties));
}  // vraagGoed

//*************************************************************************

// Answer `moves`: the distinct moves of the player to move.
// Parameter: spel (the game; unchanged).
string vraagZetten (TegelSpel &spel)
{ vector< pair<int,char> > zetten = spel.bepaalVerschillendeZetten ();
  string antwoord = "ok";

  for (size_t i = 0; i < zetten.size (); i++)
    antwoord += " " + zetTekst (zetten[i]);
  return antwoord;
}  // vraagZetten

//*************************************************************************

// Answer a request about a loaded game: moves, do, undo, end, best, good.
// Parameters: spel (the game; changed by do and undo), woorden (the
// request's words, at least one).
string beantwoordSpelVraag (TegelSpel &spel, const vector<string> &woorden)
{ const string &vraag = woorden[0];
  int schaal;
  char kleur;

  if (vraag == "do")
  { if (woorden.size () != 2 || !leesZet (woorden[1], schaal, kleur))
      return "error usage: do MOVE (a bowl number and g or b, e.g. 0g)";
    return spel.doeZet (schaal, kleur) ? "ok true" : "ok false";
  }
  if (vraag == "good")
    return vraagGoed (spel, woorden);
  if (woorden.size () != 1)
    return "error " + vraag + " takes no arguments";
  if (vraag == "moves")
    return vraagZetten (spel);
  if (vraag == "undo")
    return spel.unDoeZet () ? "ok true" : "ok false";
  if (vraag == "end")
    return spel.eindstand () ? "ok true" : "ok false";
  return vraagBeste (spel);
}  // beantwoordSpelVraag

//*************************************************************************

// Answer one request line (after the handshake).
// Parameters: spel (the game), geladen (whether a game was loaded; set
// by a successful load), regel (the line).
// Return: the answer line.
string beantwoord (TegelSpel &spel, bool &geladen, const string &regel)
{ vector<string> woorden;
  string vraag;

  if (regel.compare (0, 5, "load ") == 0 && regel.length () > 5)
  { if (!spel.leesInSpel (regel.substr (5).c_str ()))
      return "error leesInSpel refused " + regel.substr (5);
    geladen = true;
    return "ok";
  }
  if (!splitsRegel (regel, woorden))
    return "error malformed request";
  vraag = woorden[0];
  if (vraag == "load")
    return "error usage: load PATH";
  if (vraag != "moves" && vraag != "do" && vraag != "undo" && vraag != "end"
      && vraag != "best" && vraag != "good")
    return "error unknown request";
  if (!geladen)
    return "error no game loaded";
  return beantwoordSpelVraag (spel, woorden);
}  // beantwoord

//*************************************************************************

// Answer the handshake line: `hello V` with V a version number.
// Parameter: regel (the first line).
// Return: the answer line.
string begroet (const string &regel)
{ vector<string> woorden;
  long long versie;

  if (!splitsRegel (regel, woorden) || woorden.size () != 2
      || woorden[0] != "hello" || !leesGetal (woorden[1], 0, 1000000, versie))
    return "error expected hello " + to_string (ProtocolVersie);
  return "hello " + to_string (ProtocolVersie) + " tegel TegelSpel hand-in";
}  // begroet

//*************************************************************************

// Read a line from standard input, without its line end (`\n`, and a
// `\r` before it).
// Parameter: regel (gets the line).
// Return: false at the end of the input; true otherwise.
bool leesRegel (string &regel)
{
  if (!getline (cin, regel))
    return false;
  if (!regel.empty () && regel[regel.length () - 1] == '\r')
    regel.erase (regel.length () - 1);
  return true;
}  // leesRegel

//*************************************************************************

// Speak the protocol: the handshake, then one answer per request until
// `quit` or the end of the input. The hand-in's own output on cout is
// sent to standard error.
int main ()
{ ostream antwoord (cout.rdbuf ());
  streambuf *origineel = cout.rdbuf (cerr.rdbuf ());
  TegelSpel spel;
  bool gegroet = false, geladen = false;
  string regel;

  while (leesRegel (regel) && regel != "quit")
  { if (!gegroet)
    { string groet = begroet (regel);
      gegroet = (groet[0] == 'h');
      antwoord << groet << endl;
    }
    else
      antwoord << beantwoord (spel, geladen, regel) << endl;
  }
  cout.rdbuf (origineel);
  return 0;
}  // main
