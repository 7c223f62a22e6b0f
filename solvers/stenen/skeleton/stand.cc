// Implementation of class Stand: every TODO below is yours.

#include <iostream>
#include "standaard.h"
#include "stand.h"
using namespace std;

//*************************************************************************

// See stand.h.
Stand::Stand (int /* hoogte */, int /* breedte */)
{
  // TODO
}  // constructor

//*************************************************************************

// See stand.h.
int Stand::getHoogte ()
{
  // TODO
  return 0;
}  // getHoogte

//*************************************************************************

// See stand.h.
int Stand::getBreedte ()
{
  // TODO
  return 0;
}  // getBreedte

//*************************************************************************

// See stand.h.
int Stand::getVakje (int /* rij */, int /* kolom */)
{
  // TODO
  return 0;
}  // getVakje

//*************************************************************************

// See stand.h.
bool Stand::leesInStenen (const char* /* invoernaam */)
{
  // TODO
  return false;
}  // leesInStenen

//*************************************************************************

// See stand.h.
void Stand::drukAf ()
{
  // TODO
}  // drukAf

//*************************************************************************

// See stand.h.
bool Stand::legSteenNeer (int /* rij */, int /* kolom */, int /* steennr */,
                          int /* orient */)
{
  // TODO
  return false;
}  // legSteenNeer

//*************************************************************************

// See stand.h.
bool Stand::haalSteenWeg (int /* steennr */)
{
  // TODO
  return false;
}  // haalSteenWeg

//*************************************************************************

// See stand.h.
bool Stand::bepaalOplossing (long long &aantalStanden, bool /* slim */,
                    int /* oplossing */[MaxDimensie][MaxDimensie])
{
  // TODO
  aantalStanden = 0;
  return false;
}  // bepaalOplossing

//*************************************************************************

// See stand.h.
long long Stand::telOplossingen (long long &aantalStanden, bool /* slim */)
{
  // TODO
  aantalStanden = 0;
  return 0;
}  // telOplossingen
