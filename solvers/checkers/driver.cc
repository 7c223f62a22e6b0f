// Driver main program of checkers: speaks the harness's solver protocol,
// version 1 (docs/solvers.md), on standard input and output, and answers
// every request by calling only the public member functions of class
// Checkers (checkers.h). Built with every .cc file of a hand-in except
// its main.cc.
//
// Everything the hand-in writes to cout goes to standard error, so that
// its messages never mix with the answers on standard output.

#include <iostream>
#include <string>
#include <vector>
#include <cstdlib>
#include "checkers.h"
using namespace std;

const int ProtocolVersie = 1;  // the protocol version spoken
const int MaxDiepte = 64;      // the deepest perft asked

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

// Answer `load M N FEN`: a new Checkers(M, N) set to FEN (the rest of the
// line); it replaces the current one only when the FEN is accepted.
// Parameters: spel (the current game, or NULL; replaced on success),
// woorden (the request's words).
string laad (Checkers *&spel, const vector<string> &woorden)
{ int rijen, kolommen;
  Checkers *nieuw;

  if (woorden.size () != 4
      || !leesGetal (woorden[1], MinGrootte, MaxGrootte, rijen)
      || !leesGetal (woorden[2], MinGrootte, MaxGrootte, kolommen))
    return "error usage: load M N FEN (3 <= M, N <= 16)";
  nieuw = new Checkers (rijen, kolommen);
  if (!nieuw->leesFen (woorden[3]))
  { delete nieuw;
    return "error leesFen refused " + woorden[3];
  }
  delete spel;
  spel = nieuw;
  return "ok";
}  // laad

//*************************************************************************

// Answer `count`: telVervolgpartijen's games, their split and positions.
// Parameter: spel (the game; unchanged).
string tel (Checkers &spel)
{ unsigned long long partijen, zwart, wit, beide, standen;

  spel.telVervolgpartijen (partijen, zwart, wit, beide, standen);
  return "ok " + to_string (partijen) + " " + to_string (zwart) + " "
         + to_string (wit) + " " + to_string (beide) + " "
         + to_string (standen);
}  // tel

//*************************************************************************

// Answer `moves`: the legal moves in notation.
// Parameter: spel (the game; unchanged).
string zetten (Checkers &spel)
{ vector<string> lijst = spel.legaleZetten ();
  string antwoord = "ok";

  for (size_t i = 0; i < lijst.size (); i++)
    antwoord += " " + lijst[i];
  return antwoord;
}  // zetten

//*************************************************************************

// Answer one request line (after the handshake).
// Parameters: spel (the loaded game, or NULL before a load), regel (the
// line).
// Return: the answer line.
string beantwoord (Checkers *&spel, const string &regel)
{ vector<string> woorden;
  int diepte;

  if (!splitsRegel (regel, woorden))
    return "error malformed request";
  if (woorden[0] == "load")
    return laad (spel, woorden);
  if (woorden[0] != "moves" && woorden[0] != "perft" && woorden[0] != "count")
    return "error unknown request";
  if (woorden[0] == "perft" && (woorden.size () != 2
      || !leesGetal (woorden[1], 0, MaxDiepte, diepte)))
    return "error usage: perft D (0 <= D <= 64)";
  if (woorden[0] != "perft" && woorden.size () != 1)
    return "error " + woorden[0] + " takes no arguments";
  if (spel == NULL)
    return "error no game loaded";
  if (woorden[0] == "moves")
    return zetten (*spel);
  if (woorden[0] == "count")
    return tel (*spel);
  return "ok " + to_string (spel->perft (diepte));
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
  return "hello " + to_string (ProtocolVersie) + " checkers Checkers hand-in";
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
  Checkers *spel = NULL;
  bool gegroet = false;
  string regel;

  while (leesRegel (regel) && regel != "quit")
  { if (!gegroet)
    { string groet = begroet (regel);
      gegroet = (groet[0] == 'h');
      antwoord << groet << endl;
    }
    else
      antwoord << beantwoord (spel, regel) << endl;
  }
  delete spel;
  cout.rdbuf (origineel);
  return 0;
}  // main
