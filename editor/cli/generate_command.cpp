#include "arguments.hpp"
#include "commands.hpp"
#include "formats/scenario_xml.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"
#include "model/scenario_generator.hpp"

#include <ostream>

namespace sandtable::cli {

int generateCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    GeneratorParameters p;
    const auto cols = a.integer("--cols", 4, limits::mapSide.hi, 100);
    const auto rows = a.integer("--rows", 4, limits::mapSide.hi, 100);
    const auto units = a.integer("--units", 0, 1'000'000, 1000);
    const auto roads = a.integer("--roads", -1, 1'000'000, -1);
    const auto seed = a.integer("--seed", 0, 1LL << 62, 1);
    const auto output = a.value("-o");
    const auto shape = parseEnum<GridShape>(a.value("--grid").value_or("hex-flat"));
    if (!a.ok() || !cols || !rows || !units || !roads || !seed || !output || !shape) {
        const std::string why = !a.ok() ? a.error() : "--grid must be hex-flat, hex-pointy or square";
        err << "sandtable generate: " << why << "\n";
        return BadInput;
    }
    if (*cols * *rows > limits::maxCells) {
        err << "sandtable generate: " << *cols << " x " << *rows << " is more than "
            << limits::formatNumber(limits::maxCells) << " cells\n";
        return BadInput;
    }
    p.cols = static_cast<int>(*cols);
    p.rows = static_cast<int>(*rows);
    p.units = static_cast<int>(*units);
    p.roads = static_cast<int>(*roads);
    p.seed = static_cast<std::uint64_t>(*seed);
    p.shape = *shape;
    if (p.units > p.cols * p.rows / 4) {
        err << "sandtable generate: " << p.units << " units do not fit on " << p.cols << " x " << p.rows
            << " cells (at most a quarter of the cells)\n";
        return BadInput;
    }
    const Scenario s = generateScenario(p);
    if (auto saved = saveScenario(s, pathFromUtf8(*output)); !saved) {
        err << "sandtable generate: " << saved.error() << "\n";
        return BadInput;
    }
    out << "wrote " << *output << " (" << p.cols << " x " << p.rows << ", " << s.oob.units.size()
        << " units, " << s.map.paths.size() << " paths)\n";
    return Success;
}

} // namespace sandtable::cli
