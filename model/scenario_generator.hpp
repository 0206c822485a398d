#pragma once
// Makes synthetic scenarios of any size for tests and benchmarks: random but reproducible (the
// same seed gives the same scenario) and valid: one unit per cell, each side on its own half,
// every corps with a train on a road that runs to its line-of-supply cell on the map edge.
#include "scenario.hpp"

#include <cstdint>
#include <string>

namespace sandtable {

struct GeneratorParameters {
    int cols = 100;
    int rows = 100;
    int units = 1000; // both sides together
    int roads = -1;   // -1: one per ten units, at least 4
    std::uint64_t seed = 1;
    GridShape shape = GridShape::HexFlat;
};

// Valid under The Hexed General on every grid (units face a corner, squares too).
Scenario generateScenario(const GeneratorParameters& p);

// 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd: regiments are numbered so.
std::string ordinal(int n);

} // namespace sandtable
