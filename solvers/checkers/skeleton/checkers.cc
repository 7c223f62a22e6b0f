// Implementation of class Checkers: every TODO below is yours.

#include <iostream>
#include "checkers.h"
using namespace std;

//*************************************************************************

// See checkers.h.
Checkers::Checkers (int /* rijen */, int /* kolommen */)
{
  // TODO
}  // constructor

//*************************************************************************

// See checkers.h.
int Checkers::getRijen ()
{
  // TODO
  return 0;
}  // getRijen

//*************************************************************************

// See checkers.h.
int Checkers::getKolommen ()
{
  // TODO
  return 0;
}  // getKolommen

//*************************************************************************

// See checkers.h.
int Checkers::getAanZet ()
{
  // TODO
  return Zwart;
}  // getAanZet

//*************************************************************************

// See checkers.h.
int Checkers::getVeld (int /* rij */, int /* kolom */)
{
  // TODO
  return Leeg;
}  // getVeld

//*************************************************************************

// See checkers.h.
bool Checkers::beginStand (int /* r */)
{
  // TODO
  return false;
}  // beginStand

//*************************************************************************

// See checkers.h.
bool Checkers::leesFen (const string & /* fen */)
{
  // TODO
  return false;
}  // leesFen

//*************************************************************************

// See checkers.h.
vector<string> Checkers::legaleZetten ()
{ vector<string> zetten;

  // TODO
  return zetten;
}  // legaleZetten

//*************************************************************************

// See checkers.h.
bool Checkers::doeZet (const string & /* zet */)
{
  // TODO
  return false;
}  // doeZet

//*************************************************************************

// See checkers.h.
bool Checkers::unDoeZet ()
{
  // TODO
  return false;
}  // unDoeZet

//*************************************************************************

// See checkers.h.
unsigned long long Checkers::perft (int /* diepte */)
{
  // TODO
  return 0;
}  // perft

//*************************************************************************

// See checkers.h.
void Checkers::telVervolgpartijen (unsigned long long &partijen,
                                   unsigned long long &zwartWint,
                                   unsigned long long &witWint,
                                   unsigned long long &beideKoning,
                                   unsigned long long &standen)
{
  // TODO
  partijen = zwartWint = witWint = beideKoning = standen = 0;
}  // telVervolgpartijen

//*************************************************************************

// See checkers.h.
void Checkers::drukAf ()
{
  // TODO
}  // drukAf
