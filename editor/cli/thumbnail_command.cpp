// sandtable thumbnail FILE OUT.png --size N: the picture a file manager shows for a scenario
// (packaging/linux/sandtable.thumbnailer calls it), written atomically so a killed thumbnailer
// leaves no half picture.
#include "arguments.hpp"
#include "commands.hpp"
#include "exports/export_kinds.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"
#include "render/map_print.hpp"

#include <ostream>

namespace sandtable::cli {

int thumbnailCommand(Arguments& a, std::ostream& /*out*/, std::ostream& err) {
    const auto size = a.integer("--size", limits::thumbnailPixels.lo, limits::thumbnailPixels.hi, 256);
    if (!size) {
        err << "sandtable thumbnail: " << a.error() << "\n";
        return BadInput;
    }
    const std::string& file = a.positionals()[0];
    const std::filesystem::path out = pathFromUtf8(a.positionals()[1]);
    auto scenario = readScenarioReporting(file, err);
    if (!scenario || !chooseScenarioReporting(a, *scenario, file, err)) {
        return BadInput;
    }
    auto written = throughTemporaryFile(
        out, [&](const std::filesystem::path& temporary) -> std::expected<std::string, std::string> {
            if (auto drawn = printMapThumbnail(*scenario, temporary, static_cast<int>(*size)); !drawn) {
                return std::unexpected(drawn.error());
            }
            return std::string();
        });
    if (!written) {
        err << "sandtable thumbnail: " << written.error() << "\n";
        return BadInput;
    }
    return Success;
}

} // namespace sandtable::cli
