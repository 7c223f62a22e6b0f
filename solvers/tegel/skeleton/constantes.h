// Constants of the tile game (Tegelspel).

#ifndef ConstantesHVar  // prevent multiple inclusion
#define ConstantesHVar

const int MaxNrSchalen = 5;        // M: maximum number of bowls
const int MaxNrTegelsInSchaal = 5; // N: maximum number of tiles on a bowl
const int MaxNrRijen = 10;         // K: maximum number of rows per board
const int MaxNrVakjes = 6;         // L: maximum number of cells per row
const char Geel = 'g';             // a yellow tile
const char Blauw = 'b';            // a blue tile
const int NrSimulaties = 1000;     // random games per move in the menu's good move

#endif
