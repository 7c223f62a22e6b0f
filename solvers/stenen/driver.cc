// Driver main program of the tiling game: speaks the harness's solver
// protocol, version 1 (docs/solvers.md), on standard input and output,
// and answers every request by calling only the public member functions
// of class Stand (stand.h). Built with every .cc file of a hand-in except
// its main.cc.
//
// Everything the hand-in writes to cout goes to standard error, so that
// its messages never mix with the answers on standard output.

#include <iostream>
#include <string>
#include <vector>
#include <cstdlib>
#include "constantes.h"
#include "stand.h"
using namespace std;

const int ProtocolVersie = 1;  // the protocol version spoken

//*************************************************************************

// Split a request line into words separated by single spaces.
// Parameters: regel (the line, without its line end), woorden (gets the
// words).
// Return: false when the line is empty or has an empty word; true
// otherwise.
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

// Read a word as a decimal integer in [minWaarde, maxWaarde]: digits only,
// at most 9 of them.
// Parameters: woord (the word), minWaarde and maxWaarde (the bounds),
// getal (gets the value).
// Return: true if the word is such an integer; false otherwise.
bool leesGetal (const string &woord, int minWaarde, int maxWaarde,
                int &getal)
{
  if (woord.empty () || woord.length () > 9
      || woord.find_first_not_of ("0123456789") != string::npos)
    return false;
  getal = atoi (woord.c_str ());
  return getal >= minWaarde && getal <= maxWaarde;
}  // leesGetal

//*************************************************************************

// Answer `load H W PATH`: a new Stand(H, W) reads the stones of PATH (the
// rest of the line, spaces included); it replaces the current one only
// when the file is accepted.
// Parameters: stand (the current board, or NULL; replaced on success),
// regel (the whole request line).
string laad (Stand *&stand, const string &regel)
{ size_t spatie1 = regel.find (' ', 5), spatie2;
  int hoogte, breedte;
  Stand *nieuw;

  spatie2 = (spatie1 == string::npos) ? spatie1 : regel.find (' ', spatie1 + 1);
  if (spatie2 == string::npos || spatie2 + 1 >= regel.length ()
      || !leesGetal (regel.substr (5, spatie1 - 5), MinDimensie, MaxDimensie,
                     hoogte)
      || !leesGetal (regel.substr (spatie1 + 1, spatie2 - spatie1 - 1),
                     MinDimensie, MaxDimensie, breedte))
    return "error usage: load H W PATH (2 <= H, W <= 20)";
  nieuw = new Stand (hoogte, breedte);
  if (!nieuw->leesInStenen (regel.substr (spatie2 + 1).c_str ()))
  { delete nieuw;
    return "error leesInStenen refused " + regel.substr (spatie2 + 1);
  }
  delete stand;
  stand = nieuw;
  return "ok";
}  // laad

//*************************************************************************

// Answer `find dumb` or `find smart`: bepaalOplossing.
// Parameters: stand (the board; unchanged), slim (smart or dumb).
string vindOplossing (Stand &stand, bool slim)
{ static int oplossing[MaxDimensie][MaxDimensie];
  long long aantalStanden = 0;
  string antwoord;

  if (!stand.bepaalOplossing (aantalStanden, slim, oplossing))
    return "ok false " + to_string (aantalStanden);
  antwoord = "ok true " + to_string (aantalStanden);
  for (int r = 0; r < stand.getHoogte (); r++)
    for (int k = 0; k < stand.getBreedte (); k++)
      antwoord += " " + to_string (oplossing[r][k]);
  return antwoord;
}  // vindOplossing

//*************************************************************************

// Answer `count dumb` or `count smart`: telOplossingen.
// Parameters: stand (the board; unchanged), slim (smart or dumb).
string telAlle (Stand &stand, bool slim)
{ long long aantalStanden = 0;
  long long aantal = stand.telOplossingen (aantalStanden, slim);

  return "ok " + to_string (aantal) + " " + to_string (aantalStanden);
}  // telAlle

//*************************************************************************

// Answer one request line (after the handshake).
// Parameters: stand (the loaded board, or NULL before a load), regel
// (the line).
// Return: the answer line.
string beantwoord (Stand *&stand, const string &regel)
{ vector<string> woorden;

  if (regel.compare (0, 5, "load ") == 0)
    return laad (stand, regel);
  if (!splitsRegel (regel, woorden))
    return "error malformed request";
  if (woorden[0] == "load")
    return "error usage: load H W PATH (2 <= H, W <= 20)";
  if (woorden[0] != "find" && woorden[0] != "count")
    return "error unknown request";
  if (woorden.size () != 2 || (woorden[1] != "dumb" && woorden[1] != "smart"))
    return "error usage: " + woorden[0] + " dumb|smart";
  if (stand == NULL)
    return "error no stones loaded";
  if (woorden[0] == "find")
    return vindOplossing (*stand, woorden[1] == "smart");
  return telAlle (*stand, woorden[1] == "smart");
}  // beantwoord

//*************************************************************************

// Answer the handshake line: `hello V` with V a version number.
// Parameter: regel (the first line).
// Return: the answer line.
string begroet (const string &regel)
{ vector<string> woorden;
  int versie;

  if (!splitsRegel (regel, woorden) || woorden.size () != 2
      || woorden[0] != "hello" || !leesGetal (woorden[1], 0, 1000000, versie))
    return "error expected hello " + to_string (ProtocolVersie);
  return "hello " + to_string (ProtocolVersie) + " stenen Stand hand-in";
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
  Stand *stand = NULL;
  bool gegroet = false;
  string regel;

  while (leesRegel (regel) && regel != "quit")
  { if (!gegroet)
    { string groet = begroet (regel);
      gegroet = (groet[0] == 'h');
      antwoord << groet << endl;
    }
    else
      antwoord << beantwoord (stand, regel) << endl;
  }
  delete stand;
  cout.rdbuf (origineel);
  return 0;
}  // main
