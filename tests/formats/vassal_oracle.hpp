#pragma once
// Shared by the VASSAL tests. Two oracles check a module:
// - Sandtable's own reader (formats/vassal/module_reader), which reads a module as the VASSAL engine
//   does and is held to the engine's recorded answers (../shared/vassal/golden); it runs in every
//   test run;
// - the real engine, through ../shared/vassal/check-vmod (SANDTABLE_VASSAL_CHECK), when VASSAL_JAR
//   names an engine jar; without one the tests that need it are skipped, saying why.
#include "formats/vassal/module_reader.hpp"
#include "tests/render/command_output.hpp"

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace sandtable::testing_support {

// The folder of the engine's recorded answers and VASSAL's own reference files.
inline std::filesystem::path sharedVassal() {
    return std::filesystem::path(SANDTABLE_SHARED) / "vassal";
}

// Why the engine cannot check a module here, or empty when it can.
inline std::string vassalEngineMissing() {
    const char* jar = std::getenv("VASSAL_JAR");
    if (jar == nullptr || *jar == '\0') {
        return "VASSAL_JAR is not set: no VASSAL engine to load the module in (VASSAL is not packaged by "
               "Debian "
               "and is not kept in ../shared/vassal); Sandtable's own reader checked it";
    }
    if (!std::filesystem::exists(jar)) {
        return std::string("VASSAL_JAR names ") + jar + ", which does not exist";
    }
    return {};
}

// The engine's checker, when the engine is at hand: a missing checker beside it is a failure.
inline std::string vassalCheckerMissing() {
    if (std::filesystem::exists(SANDTABLE_VASSAL_CHECK)) {
        return {};
    }
    return std::string("VASSAL's checker is not at ") + SANDTABLE_VASSAL_CHECK +
           " (../shared/vassal beside the source tree)";
}

// check-vmod's report on a module, and its exit code (-1 when it did not say).
inline std::string checkVmod(const std::filesystem::path& vmod, int& exitCode) {
    const std::string out = commandOutput(std::string(SANDTABLE_VASSAL_CHECK) + " '" + vmod.string() +
                                          "' 2>&1; echo \"exit=$?\"");
    std::smatch m;
    exitCode = std::regex_search(out, m, std::regex(R"(exit=(\d+)\s*$)")) ? std::stoi(m[1]) : -1;
    return out;
}

// Everything the reader finds wrong with a module's pieces: a slot or prototype it cannot decode, a
// trait it does not know, or a trait whose fields are not of the form VASSAL writes.
inline std::vector<std::string> pieceProblems(const VassalModule& module) {
    std::vector<std::string> out;
    auto check = [&](const std::string& where, const std::expected<VassalPiece, std::string>& piece) {
        if (!piece) {
            out.push_back(where + ": " + piece.error());
            return;
        }
        for (const VassalTrait& t : piece->traits) {
            for (const std::string& p : t.formProblems()) {
                out.push_back(where + ": " + p);
            }
        }
    };
    for (const VassalPieceSlot* slot : module.slots()) {
        check("slot '" + slot->entryName + "' (line " + std::to_string(slot->line) + ")", slot->piece);
    }
    for (const VassalPrototype& p : module.prototypes) {
        check("prototype '" + p.name + "' (line " + std::to_string(p.line) + ")", p.piece);
    }
    for (const VassalPredefinedSetup& setup : module.setups) {
        if (!setup.game) {
            continue; // not read: the build file alone
        }
        if (!*setup.game) {
            out.push_back("set-up '" + setup.name + "': " + setup.game->error());
            continue;
        }
        for (const VassalSavedPiece& p : (*setup.game)->pieces) {
            check("set-up '" + setup.name + "', piece " + p.id, p.piece);
        }
    }
    return out;
}

} // namespace sandtable::testing_support
