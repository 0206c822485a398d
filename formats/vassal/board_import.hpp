#pragma once
// A VASSAL module's board made a Sandtable battle: its HexGrid or SquareGrid becomes a grid of the
// same orientation and parity, covering every cell whose centre lies a quarter cell inside the
// board (not the half cells cut at its edges); the board's picture becomes the background, aligned to the
// cells by their centres (control points kept, as every alignment keeps them); labels follow the module's
// numbering where Sandtable's CCRR labels can say it. Its at-start stacks become the deployment, each piece a
// unit named after it (with the strength and stands Sandtable's own modules write in the name), its side
// taken from the module where that is clear: a prototype's or marker's name, or the counter's colour;
// otherwise the unit waits under "Side not known" for the designer. Stacks on another map whose name states a
// turn
// ("Turn 3 at 0512") become reinforcements; each predefined set-up a scenario. docs/import.md.
#include "formats/import_report.hpp"
#include "formats/vassal/module_reader.hpp"

#include <expected>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace sandtable {

struct VassalImportOptions {
    std::string board; // the board to import ("BOARD" or "MAP/BOARD"); empty: the first with a grid
    // The name the board's picture is written under beside the battle ("gettysburg-board.png").
    std::string pictureName = "board.png";
    // The side a counter's picture shows by its colour, when the caller can decode pictures.
    std::function<std::optional<Side>(const std::string& picture)> sideOfPicture;
};

// Reads the module and converts the board. Errors name the module and what cannot be converted.
[[nodiscard]] std::expected<ImportResult, std::string> importVassalModule(const std::filesystem::path& vmod,
                                                                          const VassalImportOptions& options);

} // namespace sandtable
