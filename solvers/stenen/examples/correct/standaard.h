// Standard functions of the tiling game: a range test for integers, a
// random number and the greatest common divisor.

#ifndef StandaardHVar  // prevent multiple inclusion
#define StandaardHVar

// Test whether `waarde` lies in [minWaarde, maxWaarde]; if not, print a
// message naming `variabele`.
// Return: true if minWaarde <= waarde <= maxWaarde; false otherwise.
bool integerInBereik (const char *variabele, int waarde,
                      int minWaarde, int maxWaarde);

// Produce a random integer in [min, max] with rand().
// Pre: min <= max.
int randomGetal (int min, int max);

// Return the greatest common divisor of m and n.
// Pre: m >= 0, n >= 0, not both 0.
int ggd (int m, int n);

#endif
