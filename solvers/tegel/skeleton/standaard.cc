// Implementation of the standard functions of standaard.h.

#include <iostream>
#include <cstdlib>
#include "standaard.h"
using namespace std;

//*************************************************************************

// Test whether `waarde` lies in [minWaarde, maxWaarde]; print a message
// naming `variabele` when it does not.
// Parameters: variabele (name for the message), waarde (the value tested),
// minWaarde and maxWaarde (the bounds, inclusive). Nothing is changed.
bool integerInBereik(const char *variabele, int waarde,
                     int minWaarde, int maxWaarde)
{
  if (waarde >= minWaarde && waarde <= maxWaarde)
    return true;
  cout << variabele << "=" << waarde << ", but must be in ["
       << minWaarde << "," << maxWaarde << "]." << endl;
  return false;
}  // integerInBereik

//*************************************************************************

// Test whether `waarde` lies in [minWaarde, maxWaarde], printing nothing.
// Parameters: waarde (the value tested), minWaarde and maxWaarde
// (the bounds, inclusive). Nothing is changed.
bool integerInBereik(int waarde, int minWaarde, int maxWaarde)
{
  return (waarde >= minWaarde && waarde <= maxWaarde);
}  // integerInBereik

//*************************************************************************

// Produce a random integer in [min, max], drawn with rand(), so that a
// call of srand(seed) beforehand fixes the sequence.
// Parameters: min and max (the bounds, inclusive, min <= max).
int randomGetal(int min, int max)
{
  return min + rand() % (max - min + 1);
}  // randomGetal
