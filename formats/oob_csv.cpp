#include "oob_csv.hpp"

#include <algorithm>
#include <charconv>
#include <map>

namespace sandtable {
namespace {

struct Failure {
    int line;
    std::string message;
};

// RFC 4180 fields: commas, double quotes around fields that hold commas or quotes.
std::vector<std::string> splitCsvLine(std::string_view line, int lineNumber) {
    std::vector<std::string> out;
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.push_back(field);
            field.clear();
        } else if (c != '\r') {
            field += c;
        }
    }
    if (quoted) {
        throw Failure{lineNumber, "a quoted field is not closed"};
    }
    out.push_back(field);
    for (auto& f : out) {
        const auto b = f.find_first_not_of(" \t"), e = f.find_last_not_of(" \t");
        f = b == std::string::npos ? "" : f.substr(b, e - b + 1);
    }
    return out;
}

constexpr std::array<std::string_view, 14> knownColumns{
    "side", "army",     "corps",  "division", "brigade", "unit", "commander",
    "arm",  "strength", "stands", "quality",  "weapon",  "gun",  "roster"};

} // namespace

std::expected<OobImport, LoadError> readOrderOfBattleCsv(std::string_view csv, std::string_view name,
                                                         const OrderOfBattle& existing) {
    try {
        OobImport out;
        std::vector<std::string_view> lines;
        for (std::size_t start = 0; start <= csv.size();) {
            const auto end = std::min(csv.find('\n', start), csv.size());
            lines.push_back(csv.substr(start, end - start));
            start = end + 1;
        }
        if (lines.empty() || lines.front().find_first_not_of(" \t\r") == std::string_view::npos) {
            throw Failure{
                1, "the first line must name the columns: side, army, corps, division, brigade, unit, ..."};
        }
        const auto header = splitCsvLine(lines.front(), 1);
        std::map<std::string, std::size_t> column;
        for (std::size_t i = 0; i < header.size(); ++i) {
            std::string h = header[i];
            std::transform(h.begin(), h.end(), h.begin(),
                           [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
            if (std::find(knownColumns.begin(), knownColumns.end(), h) == knownColumns.end()) {
                std::string list;
                for (auto k : knownColumns) {
                    list += (list.empty() ? "" : ", ") + std::string(k);
                }
                throw Failure{1, "unknown column '" + header[i] + "'; the columns are " + list};
            }
            column[h] = i;
        }
        for (const char* required : {"side", "army"}) {
            if (!column.contains(required)) {
                throw Failure{1, std::string("the column '") + required + "' is missing"};
            }
        }
        // Headquarters by (side, names down to it).
        std::map<std::pair<Side, std::vector<std::string>>, HeadquartersId> known;
        for (const auto& [id, hq] : existing.headquarters) {
            std::vector<std::string> chain{hq.name};
            for (HeadquartersId up = hq.parent; up.valid();) {
                const Headquarters* p = existing.find(up);
                if (p == nullptr) {
                    break;
                }
                chain.insert(chain.begin(), p->name);
                up = p->parent;
            }
            known[{hq.side, chain}] = id;
        }
        std::uint32_t nextHq =
            existing.headquarters.empty() ? 1 : existing.headquarters.rbegin()->first.value + 1;
        std::uint32_t nextUnit = existing.units.empty() ? 1 : existing.units.rbegin()->first.value + 1;
        constexpr std::array<std::pair<const char*, Echelon>, 4> echelons{{{"army", Echelon::Army},
                                                                           {"corps", Echelon::Corps},
                                                                           {"division", Echelon::Division},
                                                                           {"brigade", Echelon::Brigade}}};

        for (std::size_t n = 1; n < lines.size(); ++n) {
            const int lineNumber = static_cast<int>(n) + 1;
            if (lines[n].find_first_not_of(" \t\r,") == std::string_view::npos) {
                continue;
            }
            const auto fields = splitCsvLine(lines[n], lineNumber);
            auto get = [&](const char* col) -> std::string {
                auto it = column.find(col);
                return it == column.end() || it->second >= fields.size() ? std::string() : fields[it->second];
            };
            auto parse = [&]<typename E>(const char* col, E fallback) {
                const std::string v = get(col);
                if (v.empty()) {
                    return fallback;
                }
                if (auto e = parseEnum<E>(v)) {
                    return *e;
                }
                throw Failure{lineNumber, "column '" + std::string(col) + "' is '" + v + "'; expected " +
                                              expectedNames<E>()};
            };
            auto number = [&](const char* col, int fallback) {
                const std::string v = get(col);
                int x = fallback;
                if (!v.empty() &&
                    (std::from_chars(v.data(), v.data() + v.size(), x).ptr != v.data() + v.size() || x < 0)) {
                    throw Failure{lineNumber, "column '" + std::string(col) +
                                                  "' must be a whole number, not '" + v + "'"};
                }
                return x;
            };
            const Side side = parse("side", Side::Union);
            if (get("side").empty()) {
                throw Failure{lineNumber, "the side is empty; write union or confederate"};
            }
            // Walk down the echelons named on this row, creating headquarters as needed.
            std::vector<std::string> chain;
            HeadquartersId parent;
            for (const auto& [col, echelon] : echelons) {
                const std::string hqName = get(col);
                if (hqName.empty()) {
                    continue;
                }
                chain.push_back(hqName);
                auto it = known.find({side, chain});
                if (it == known.end()) {
                    const HeadquartersId id{nextHq++};
                    Headquarters hq;
                    hq.side = side;
                    hq.echelon = echelon;
                    hq.parent = parent;
                    hq.name = hqName;
                    out.headquarters.emplace_back(id, hq);
                    it = known.emplace(std::pair{side, chain}, id).first;
                }
                parent = it->second;
            }
            if (!parent.valid()) {
                throw Failure{lineNumber, "the row names no army, corps, division or brigade"};
            }
            const std::string unitName = get("unit");
            const std::string commander = get("commander");
            if (unitName.empty()) {
                if (commander.empty()) {
                    throw Failure{lineNumber,
                                  "a row without a unit must name the commander of its last headquarters"};
                }
                auto created = std::find_if(out.headquarters.begin(), out.headquarters.end(),
                                            [&](const auto& e) { return e.first == parent; });
                if (created != out.headquarters.end()) {
                    created->second.commander = commander;
                } else {
                    out.commanders.emplace_back(parent, commander);
                }
                continue;
            }
            Unit u;
            u.parent = parent;
            u.name = unitName;
            u.arm = parse("arm", Arm::Infantry);
            u.strength = number("strength", 0);
            u.stands = std::max(1, number("stands", 1));
            u.quality = parse("quality", Quality::Regular);
            u.weapon = parse("weapon", u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery
                                           ? Weapon::None
                                           : Weapon::RifleMusket);
            u.gun = parse("gun", Gun::None);
            u.roster = number("roster", 0);
            u.formation = u.arm == Arm::Cavalry                                       ? Formation::Mounted
                          : (u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery) ? Formation::Unlimbered
                                                                                      : Formation::Line;
            out.units.emplace_back(UnitId{nextUnit++}, u);
        }
        return out;
    } catch (const Failure& f) {
        return std::unexpected(LoadError{std::string(name), f.line, 0, f.message});
    }
}

} // namespace sandtable
