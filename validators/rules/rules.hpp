#pragma once
// Factories of every rule; registry.cpp lists them in one place.
#include "validators/rule.hpp"

#include <memory>

namespace sandtable::rules {

std::unique_ptr<Rule> makeDeploymentOnMap();
std::unique_ptr<Rule> makeTerrainImpassable();
std::unique_ptr<Rule> makeOneSidePerCell();
std::unique_ptr<Rule> makeReinforcementEntryOnEdge();
std::unique_ptr<Rule> makeOobReferences();
std::unique_ptr<Rule> makeAllPiecesDeployed();
std::unique_ptr<Rule> makeStackingUnitsPerCell();
std::unique_ptr<Rule> makeFacingKind();
std::unique_ptr<Rule> makeOneArmyPerSide();
std::unique_ptr<Rule> makeCorpsStructure();
std::unique_ptr<Rule> makeDivisionStructure();
std::unique_ptr<Rule> makeCorpsLineOfSupply();
std::unique_ptr<Rule> makeCorpsTrainOnRoad();
std::unique_ptr<Rule> makeIndependentUnits();
std::unique_ptr<Rule> makeArmyBreakPoint();
std::unique_ptr<Rule> makeStackingStandsByArm();
std::unique_ptr<Rule> makeStackingSkirmishers();
std::unique_ptr<Rule> makeLineContiguous();
std::unique_ptr<Rule> makeUnitAllowedValues();
std::unique_ptr<Rule> makeUnitWithinRadius();
std::unique_ptr<Rule> makeCommanderWithinRadius();
std::unique_ptr<Rule> makeStackingStandsPerCell();
std::unique_ptr<Rule> makeUnderEchelon();
std::unique_ptr<Rule> makeWagonsTerrain();
std::unique_ptr<Rule> makeDifficultTerrain();
std::unique_ptr<Rule> makeRosterUniqueNumbers();
std::unique_ptr<Rule> makeUnitBases();
std::unique_ptr<Rule> makeHasCommander();
std::unique_ptr<Rule> makeCorpsBrigadeCount();
std::unique_ptr<Rule> makeEventsTable();
std::unique_ptr<Rule> makeObjectives();
std::unique_ptr<Rule> makeSetupNotes();
std::unique_ptr<Rule> makeArmingTable();

} // namespace sandtable::rules
