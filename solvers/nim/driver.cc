// Driver main program of Nim: speaks the harness's solver protocol,
// version 1 (docs/solvers.md), on standard input and output, and answers
// every request by calling only the public member functions of class
// NimGame (nimgame.h). Built with every .cc file of a hand-in except its
// main.cc.
//
// Everything the hand-in writes to cout goes to standard error, so that
// its messages never mix with the answers on standard output.

#include <iostream>
#include <string>
#include <vector>
#include <cstdlib>
#include "nimgame.h"
using namespace std;

const int ProtocolVersie = 1;   // the protocol version spoken
const int MaxHeaps = 64;        // most heaps in a position
const int MaxSticks = 1000000;  // most sticks on a heap, and maxtake

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

// Answer `load MAXTAKE S1 ... Sn`: a new NimGame replaces the current one.
// Parameters: spel (the current game, or NULL; replaced on success),
// woorden (the request's words).
string laad (NimGame *&spel, const vector<string> &woorden)
{ int maxtake, grootte;
  vector<int> hopen;

  if (woorden.size () < 3 || woorden.size () > 2 + (size_t) MaxHeaps
      || !leesGetal (woorden[1], 0, MaxSticks, maxtake))
    return "error usage: load MAXTAKE S1 ... Sn (1 to 64 heaps)";
  for (size_t i = 2; i < woorden.size (); i++)
  { if (!leesGetal (woorden[i], 0, MaxSticks, grootte))
      return "error a heap is an integer from 0 to 1000000";
    hopen.push_back (grootte);
  }
  delete spel;
  spel = new NimGame (hopen, maxtake);
  return "ok";
}  // laad

//*************************************************************************

// Answer `winning`: winningMove's move, or `-` when there is none.
// Parameter: spel (the game; unchanged).
string winnend (NimGame &spel)
{ int hoop = -1, aantal = 0;

  if (!spel.winningMove (hoop, aantal))
    return "ok -";
  return "ok " + to_string (hoop) + " " + to_string (aantal);
}  // winnend

//*************************************************************************

// Answer one request line (after the handshake).
// Parameters: spel (the loaded game, or NULL before a load), regel (the
// line).
// Return: the answer line.
string beantwoord (NimGame *&spel, const string &regel)
{ vector<string> woorden;

  if (!splitsRegel (regel, woorden))
    return "error malformed request";
  if (woorden[0] == "load")
    return laad (spel, woorden);
  if (woorden[0] != "value" && woorden[0] != "winning")
    return "error unknown request";
  if (woorden.size () != 1)
    return "error " + woorden[0] + " takes no arguments";
  if (spel == NULL)
    return "error no game loaded";
  if (woorden[0] == "value")
    return "ok " + to_string (spel->nimValue ());
  return winnend (*spel);
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
  return "hello " + to_string (ProtocolVersie) + " nim NimGame hand-in";
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
  NimGame *spel = NULL;
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
