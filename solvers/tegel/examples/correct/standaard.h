// Standard functions of the tile game: a range test for integers and
// a random number.

#ifndef StandaardHVar  // prevent multiple inclusion
#define StandaardHVar

// Test whether variable `waarde` lies in [minWaarde, maxWaarde];
// if not, print a message naming `variabele`.
// Return:
// * true, if minWaarde <= waarde <= maxWaarde
// * false, otherwise
bool integerInBereik(const char *variabele, int waarde,
                     int minWaarde, int maxWaarde);

// Test whether `waarde` lies in [minWaarde, maxWaarde], printing nothing.
bool integerInBereik(int waarde, int minWaarde, int maxWaarde);

// Produce a random integer in [min, max] with rand().
// Pre:
// * min <= max
// * srand has been called once (or the generator's default seed is fine)
int randomGetal(int min, int max);

#endif
