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
bool integerInBereik (const char *variabele, int waarde,
                      int minWaarde, int maxWaarde)
{
  if (waarde >= minWaarde && waarde <= maxWaarde)
    return true;
  cout << variabele << "=" << waarde << ", but must be in ["
       << minWaarde << "," << maxWaarde << "]." << endl;
  return false;
}  // integerInBereik

//*************************************************************************

// Produce a random integer in [min, max], drawn with rand().
// Parameters: min and max (the bounds, inclusive, min <= max).
int randomGetal (int min, int max)
{
  return min + rand () % (max - min + 1);
}  // randomGetal

//*************************************************************************

// Return the greatest common divisor of m and n (Euclid's algorithm).
// Parameters: m and n (>= 0, not both 0); they are not changed.
int ggd (int m, int n)
{ int rest;

  while (n > 0)
  { rest = m % n;
    m = n;
    n = rest;
  }
  return m;
}  // ggd
