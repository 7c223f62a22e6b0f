// Implementation of class NimGame: moves, the nim value and winning moves.

#include <iostream>
#include "nimgame.h"
using namespace std;

//*************************************************************************

// Constructor: the heaps and maxtake as given, player 0 to move.
// Parameters: heaps (the sticks per heap), maxtake (0: any number).
NimGame::NimGame (const vector<int> &heaps, int maxtake)
{
  heapSize = heaps;
  this->maxtake = maxtake;
  nextPlayer = 0;
}  // constructor

//*************************************************************************

// Getter for the number of heaps.
int NimGame::getNumberOfHeaps ()
{
  return (int) heapSize.size ();
}  // getNumberOfHeaps

//*************************************************************************

// Getter for the number of sticks on heap `heap`.
int NimGame::getHeapSize (int heap)
{
  return heapSize[heap];
}  // getHeapSize

//*************************************************************************

// Getter for maxtake (0: any number of sticks per move).
int NimGame::getMaxtake ()
{
  return maxtake;
}  // getMaxtake

//*************************************************************************

// Getter for the player to move: 0 or 1.
int NimGame::getNextPlayer ()
{
  return nextPlayer;
}  // getNextPlayer

//*************************************************************************

// Whether move (heap, count) is allowed (see nimgame.h). Nothing changes.
bool NimGame::moveAllowed (int heap, int count)
{
  return heap >= 0 && heap < getNumberOfHeaps () && count >= 1
         && count <= heapSize[heap] && (maxtake == 0 || count <= maxtake);
}  // moveAllowed

//*************************************************************************

// Do move (heap, count) if allowed: the heap loses `count` sticks and the
// other player is to move (members heapSize and nextPlayer change).
bool NimGame::executeMove (int heap, int count)
{
  if (!moveAllowed (heap, count))
    return false;
  heapSize[heap] -= count;
  nextPlayer = 1 - nextPlayer;
  return true;
}  // executeMove

//*************************************************************************

// Whether every heap is empty.
bool NimGame::finished ()
{
  for (int i = 0; i < getNumberOfHeaps (); i++)
    if (heapSize[i] > 0)
      return false;
  return true;
}  // finished

//*************************************************************************

// The nim value of one heap of `size` sticks: size mod (maxtake + 1), or
// size itself when maxtake is 0.
int NimGame::heapValue (int size)
{
  if (maxtake == 0)
    return size;
  return size % (maxtake + 1);
}  // heapValue

//*************************************************************************

// The nim value of the position: the XOR of the heaps' values.
int NimGame::nimValue ()
{ int value = 0;

  for (int i = 0; i < getNumberOfHeaps (); i++)
    value ^= heapValue (heapSize[i]);
  return value;
}  // nimValue

//*************************************************************************

// Find the first winning move (see nimgame.h). Heap i must get the value
// target = value XOR (heap i's value). With maxtake m > 0 the heap values
// repeat with period m + 1, so among the counts 1..m only
// count = (size - target) mod (m + 1) can reach it (and only when target
// <= m and count <= size); with m = 0 only count = size - target, when
// target < size. So each heap is settled in constant time.
bool NimGame::winningMove (int &heap, int &count)
{ int value = nimValue (), target, size, c;

  if (value == 0)
    return false;
  for (int i = 0; i < getNumberOfHeaps (); i++)
  { size = heapSize[i];
    target = value ^ heapValue (size);
    if (maxtake == 0)
      c = size - target;
    else
      c = (target <= maxtake) ? ((size - target) % (maxtake + 1)
                                 + (maxtake + 1)) % (maxtake + 1) : 0;
    if (c >= 1 && moveAllowed (i, c))
    { heap = i;
      count = c;
      return true;
    }
  }
  return false;
}  // winningMove

//*************************************************************************

// Print the heaps: `Heaps: 10 11 11`.
void NimGame::print ()
{
  cout << "Heaps:";
  for (int i = 0; i < getNumberOfHeaps (); i++)
    cout << " " << heapSize[i];
  cout << endl;
}  // print
