// Nim against the computer, in the format of the exercise's transcript:
// the computer takes a winning move when there is one, and otherwise one
// stick from the lowest non-empty heap.

#include <iostream>
#include <vector>
#include <cstdlib>
#include <ctime>
#include <climits>
#include "nimgame.h"
using namespace std;

const int MaxHeaps = 64;        // most heaps
const int MaxStartSticks = 15;  // most sticks per heap at the start

//*************************************************************************

// Ask a question and read an integer in [low, high] from the user, asking
// again on bad input. Parameters: question, low and high, value (gets it).
// Return: false at the end of the input; true otherwise.
bool askNumber (const char *question, int low, int high, int &value)
{
  while (true)
  { cout << question;
    if (cin >> value && value >= low && value <= high)
      return true;
    if (cin.eof ())
      return false;
    cin.clear ();
    cin.ignore (INT_MAX, '\n');
    cout << "Please give a number from " << low << " to " << high << "." << endl;
  }
}  // askNumber

//*************************************************************************

// Let the human move: read `heap count` until it is an allowed move.
// Parameter: game (the move is done on it).
// Return: false at the end of the input; true otherwise.
bool humanMove (NimGame &game)
{ int heap, count;

  while (true)
  { cout << "Your move: ";
    if (cin >> heap >> count && game.executeMove (heap, count))
      return true;
    if (cin.eof ())
      return false;
    cin.clear ();
    cin.ignore (INT_MAX, '\n');
    cout << "Not allowed: give a heap (from 0) and a number of sticks." << endl;
  }
}  // humanMove

//*************************************************************************

// Let the computer move: a winning move if there is one, otherwise one
// stick from the lowest non-empty heap. Parameter: game (changed).
void computerMove (NimGame &game)
{ int heap = 0, count = 1;

  if (!game.winningMove (heap, count))
    while (game.getHeapSize (heap) == 0)
      heap++;
  game.executeMove (heap, count);
  cout << "Taking " << count << " from heap " << heap << endl;
}  // computerMove

//*************************************************************************

// Play one game of the human (first) against the computer.
int main ()
{ int heaps, maxtake;
  vector<int> sizes;

  srand (time (NULL));
  cout << "*** Game of Nim ***" << endl;
  if (!askNumber ("Number of heaps: ", 1, MaxHeaps, heaps)
      || !askNumber ("Maximal number of sticks that can be taken in one move: ",
                     0, INT_MAX, maxtake))
    return 0;
  for (int i = 0; i < heaps; i++)
    sizes.push_back (1 + rand () % MaxStartSticks);
  NimGame game (sizes, maxtake);
  game.print ();
  while (!game.finished ())
  { if (!humanMove (game))
    { cout << "End of input." << endl;
      return 0;
    }
    game.print ();
    if (game.finished ())
      cout << "Congratulations!" << endl;
    else
    { computerMove (game);
      game.print ();
    }
  }
  return 0;
}  // main
