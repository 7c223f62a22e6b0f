// Constants of the tiling game (Stenen leggen).

#ifndef ConstantesHVar  // prevent multiple inclusion
#define ConstantesHVar

const int MinDimensie = 2;     // minimum number of rows and of columns
const int MaxDimensie = 20;    // maximum number of rows and of columns
const int MaxNrStenen = 20;    // maximum number of stones S
const int MaxDimSteen = 5;     // maximum number of rows/columns of a stone
const int NrOrientaties = 8;   // orientations 0..7 of a stone
const char Bedekt = 'X';       // a covered cell in a stone's description
const char Onbedekt = '.';     // a cell not covered

#endif
