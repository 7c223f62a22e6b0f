// Implementation of class Steen: every TODO below is yours.

#include <iostream>
#include "standaard.h"
#include "steen.h"
using namespace std;

//*************************************************************************

// See steen.h.
Steen::Steen ()
{
  // TODO
}  // default constructor

//*************************************************************************

// See steen.h.
bool Steen::leesIn (ifstream & /* fin */, const char * /* invoernaam */,
                   int /* nummer */)
{
  // TODO
  return false;
}  // leesIn

//*************************************************************************

// See steen.h.
int Steen::getGrootte ()
{
  // TODO
  return 0;
}  // getGrootte

//*************************************************************************

// See steen.h.
int Steen::getHoogte (int /* orient */)
{
  // TODO
  return 0;
}  // getHoogte

//*************************************************************************

// See steen.h.
int Steen::getBreedte (int /* orient */)
{
  // TODO
  return 0;
}  // getBreedte

//*************************************************************************

// See steen.h.
bool Steen::getVakje (int /* orient */, int /* rij */, int /* kolom */)
{
  // TODO
  return false;
}  // getVakje

//*************************************************************************

// See steen.h.
bool Steen::isDubbel (int /* orient */)
{
  // TODO
  return false;
}  // isDubbel

//*************************************************************************

// See steen.h.
bool Steen::isOrientatieVan (Steen & /* andere */)
{
  // TODO
  return false;
}  // isOrientatieVan
