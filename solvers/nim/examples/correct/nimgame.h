// Definition of class NimGame: a position of Nim with n heaps of sticks,
// where a move takes 1 to maxtake sticks (any number when maxtake is 0)
// from one heap, and the player who finds no stick to take has lost.
// The public member functions below are the interface the driver
// (solvers/nim/driver.cc) and main.cc call; their headers may not be
// changed.

#ifndef NimGameHVar  // prevent multiple inclusion
#define NimGameHVar

#include <vector>
using namespace std;

class NimGame
{ public:

    // Constructor: the heaps `heaps` (heap 0 first) and `maxtake`; player 0
    // is to move.
    // Pre: 1 <= heaps.size(), every heap >= 0, maxtake >= 0.
    NimGame (const vector<int> &heaps, int maxtake);

    // Getters for the number of heaps, the size of heap `heap` (Pre: 0 <=
    // heap < number of heaps), maxtake and the player to move (0 or 1).
    int getNumberOfHeaps ();
    int getHeapSize (int heap);
    int getMaxtake ();
    int getNextPlayer ();

    // Whether move (heap, count) is allowed: 0 <= heap < number of heaps,
    // 1 <= count <= the heap's size, and count <= maxtake unless maxtake
    // is 0.
    bool moveAllowed (int heap, int count);

    // Do move (heap, count) if it is allowed; then the other player is to
    // move.
    // Return: true if it was allowed and is done; false (nothing changed).
    bool executeMove (int heap, int count);

    // Whether the game is over: every heap is empty (the player to move
    // has lost).
    bool finished ();

    // The nim value of the position (Sprague-Grundy): the XOR over the
    // heaps of size mod (maxtake + 1), or of size when maxtake is 0.
    int nimValue ();

    // Find a winning move: a move to a position of nim value 0, the first
    // one with the heap ascending and then the count ascending.
    // Return: true (heap and count set) if there is one; false (heap and
    // count unchanged) when the nim value is 0.
    bool winningMove (int &heap, int &count);

    // Print the heaps in the format `Heaps: 10 11 11`.
    void print ();

  private:
    vector<int> heapSize;  // the sticks per heap
    int maxtake;           // most sticks per move; 0: any number
    int nextPlayer;        // the player to move: 0 or 1

    int heapValue (int size);
};

#endif
