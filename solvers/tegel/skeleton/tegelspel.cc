// Implementation of class TegelSpel: every TODO below is yours.
// The headers of the public member functions (tegelspel.h) may not change.

#include <iostream>
#include "standaard.h"
#include "tegelspel.h"
using namespace std;

//*************************************************************************

// Default constructor. See tegelspel.h.
TegelSpel::TegelSpel ()
{
  // TODO
}  // default constructor

//*************************************************************************

// Getter for the tiles still in the pot. See tegelspel.h.
string TegelSpel::getPot ()
{
  // TODO
  return "";
}  // getPot

//*************************************************************************

// Getter for the bowls. See tegelspel.h.
vector< pair<int,int> > TegelSpel::getSchalen ()
{ vector< pair<int,int> > inhoud;

  // TODO
  return inhoud;
}  // getSchalen

//*************************************************************************

// Getter for the rows of a player. See tegelspel.h.
vector< pair<int,int> > TegelSpel::getRijen (int /* speler */)
{ vector< pair<int,int> > inhoud;

  // TODO
  return inhoud;
}  // getRijen

//*************************************************************************

// Getter for the player to move. See tegelspel.h.
int TegelSpel::getAanBeurt ()
{
  // TODO
  return 0;
}  // getAanBeurt

//*************************************************************************

// Read a game from a file. See tegelspel.h.
bool TegelSpel::leesInSpel (const char* /* invoernaam */)
{
  // TODO
  return false;
}  // leesInSpel

//*************************************************************************

// Check for an end position. See tegelspel.h.
bool TegelSpel::eindstand ()
{
  // TODO
  return true;
}  // eindstand

//*************************************************************************

// Print the position. See tegelspel.h.
void TegelSpel::drukAf ()
{
  // TODO
}  // drukAf

//*************************************************************************

// Determine the distinct moves. See tegelspel.h.
vector< pair<int,char> > TegelSpel::bepaalVerschillendeZetten ()
{ vector< pair<int,char> > zetten;

  // TODO
  return zetten;
}  // bepaalVerschillendeZetten

//*************************************************************************

// Do a move. See tegelspel.h.
bool TegelSpel::doeZet (int /* schaal */, char /* kleur */)
{
  // TODO
  return false;
}  // doeZet

//*************************************************************************

// Undo the last move. See tegelspel.h.
bool TegelSpel::unDoeZet ()
{
  // TODO
  return false;
}  // unDoeZet

//*************************************************************************

// The complete search. See tegelspel.h.
int TegelSpel::besteScore (pair<int,char> &besteZet, long long &aantalStanden)
{
  // TODO
  besteZet = make_pair (-1, '-');
  aantalStanden = 0;
  return 0;
}  // besteScore

//*************************************************************************

// The Monte Carlo good move. See tegelspel.h.
pair<int,char> TegelSpel::bepaalGoedeZet (int /* nrSimulaties */)
{
  // TODO
  return make_pair (-1, '-');
}  // bepaalGoedeZet

//*************************************************************************

// The experiment of the assignment. See tegelspel.h.
void TegelSpel::doeExperiment ()
{
  // TODO
}  // doeExperiment
