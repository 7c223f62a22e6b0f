// Implementation of class NimGame: every TODO below is yours.

#include <iostream>
#include "nimgame.h"
using namespace std;

//*************************************************************************

// See nimgame.h.
NimGame::NimGame (const vector<int> & /* heaps */, int /* maxtake */)
{
  // TODO
}  // constructor

//*************************************************************************

// See nimgame.h.
int NimGame::getNumberOfHeaps ()
{
  // TODO
  return 0;
}  // getNumberOfHeaps

//*************************************************************************

// See nimgame.h.
int NimGame::getHeapSize (int /* heap */)
{
  // TODO
  return 0;
}  // getHeapSize

//*************************************************************************

// See nimgame.h.
int NimGame::getMaxtake ()
{
  // TODO
  return 0;
}  // getMaxtake

//*************************************************************************

// See nimgame.h.
int NimGame::getNextPlayer ()
{
  // TODO
  return 0;
}  // getNextPlayer

//*************************************************************************

// See nimgame.h.
bool NimGame::moveAllowed (int /* heap */, int /* count */)
{
  // TODO
  return false;
}  // moveAllowed

//*************************************************************************

// See nimgame.h.
bool NimGame::executeMove (int /* heap */, int /* count */)
{
  // TODO
  return false;
}  // executeMove

//*************************************************************************

// See nimgame.h.
bool NimGame::finished ()
{
  // TODO
  return true;
}  // finished

//*************************************************************************

// See nimgame.h.
int NimGame::nimValue ()
{
  // TODO
  return 0;
}  // nimValue

//*************************************************************************

// See nimgame.h.
bool NimGame::winningMove (int & /* heap */, int & /* count */)
{
  // TODO
  return false;
}  // winningMove

//*************************************************************************

// See nimgame.h.
void NimGame::print ()
{
  // TODO
}  // print
