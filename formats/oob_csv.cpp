#include "oob_csv.hpp"

#include "formats/load_error.hpp"
#include "model/commands/edits.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <charconv>
#include <map>

namespace sandtable {
namespace {

struct CsvFailure {
    int line;
    std::string message;
    int column = 0; // of the field at fault, 1-based in characters; 0: the whole line
};

// Where a field starts: its line (a quoted field before it may span lines) and character column.
struct FieldPosition {
    int line = 0;
    int column = 0;
};

// One record of an RFC 4180 file: its fields, where each starts, and the line the record starts on.
struct Record {
    int line;
    std::vector<std::string> fields;
    std::vector<FieldPosition> positions;
};

// RFC 4180: fields separated by commas, records by CRLF or LF; a field in double quotes may hold
// commas, line breaks and doubled quotes. Spreadsheets also pad fields with spaces, which go.
std::vector<Record> splitCsv(std::string_view csv) {
    if (csv.starts_with("\xEF\xBB\xBF")) { // Excel's UTF-8 byte order mark
        csv.remove_prefix(3);
    }
    std::vector<Record> out;
    Record record{1, {}, {}};
    std::string field;
    int line = 1;
    std::size_t lineStart = 0;
    FieldPosition fieldStart{1, 1};
    bool quoted = false, wasQuoted = false, afterQuote = false;
    auto endField = [&] {
        record.positions.push_back(fieldStart);
        if (!wasQuoted) {
            const auto b = field.find_first_not_of(" \t"), e = field.find_last_not_of(" \t");
            field = b == std::string::npos ? "" : field.substr(b, e - b + 1);
        }
        record.fields.push_back(std::move(field));
        field.clear();
        wasQuoted = afterQuote = false;
    };
    auto endRecord = [&] {
        endField();
        out.push_back(std::move(record));
        record = Record{line, {}, {}};
    };
    // Columns count characters, not bytes: a UTF-8 continuation byte is no new character.
    auto columnOf = [&](std::size_t i) {
        const auto before = csv.substr(lineStart, i - lineStart);
        return 1 + static_cast<int>(std::count_if(before.begin(), before.end(), [](char ch) {
                   return (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
               }));
    };
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (quoted) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
                afterQuote = true;
            } else {
                // A line break inside quotes is the field's; it still starts a line of the file.
                if (endsLine(csv, i)) {
                    ++line;
                    lineStart = i + 1;
                }
                field += c;
            }
            continue;
        }
        if (c == ',') {
            endField();
            fieldStart = {line, columnOf(i + 1)};
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < csv.size() && csv[i + 1] == '\n') {
                ++i;
            }
            ++line;
            lineStart = i + 1;
            endRecord();
            fieldStart = {line, 1};
        } else if (c == '"' && field.find_first_not_of(" \t") == std::string::npos && !afterQuote) {
            quoted = wasQuoted = true;
            field.clear();
        } else if (afterQuote) {
            if (c != ' ' && c != '\t') {
                throw CsvFailure{line,
                                 "text after the closing quote of a field; a quote inside a quoted field "
                                 "is written twice (\"\")",
                                 columnOf(i)};
            }
        } else {
            field += c;
        }
    }
    if (quoted) {
        throw CsvFailure{record.line, "a quoted field is not closed before the end of the file"};
    }
    if (!field.empty() || !record.fields.empty() || wasQuoted) {
        endRecord();
    }
    return out;
}

constexpr std::array<std::string_view, 15> knownColumns{
    "side", "army",     "corps",  "division", "brigade", "unit", "train", "commander",
    "arm",  "strength", "stands", "quality",  "weapon",  "gun",  "roster"};

} // namespace

std::expected<OobImport, LoadError> readOrderOfBattleCsv(std::string_view csv, std::string_view name,
                                                         const OrderOfBattle& existing,
                                                         CsvImportRules rules) {
    try {
        OobImport out;
        if (auto bad = limits::firstInvalidTextByte(csv)) {
            const auto upto = csv.substr(0, *bad);
            const auto before = upto.substr(lineStartAt(csv, static_cast<std::ptrdiff_t>(*bad)));
            const int column = 1 + static_cast<int>(std::count_if(before.begin(), before.end(), [](char ch) {
                                   return (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
                               }));
            throw CsvFailure{lineAt(csv, static_cast<std::ptrdiff_t>(*bad)),
                             "a control character or a byte that is not UTF-8; save the file as CSV UTF-8",
                             column};
        }
        const std::vector<Record> records = splitCsv(csv);
        auto blank = [](const Record& r) {
            return std::all_of(r.fields.begin(), r.fields.end(),
                               [](const std::string& f) { return f.empty(); });
        };
        if (records.empty() || blank(records.front())) {
            throw CsvFailure{
                1, "the first line must name the columns: side, army, corps, division, brigade, unit, ..."};
        }
        const auto& header = records.front().fields;
        std::map<std::string, std::size_t> column;
        for (std::size_t i = 0; i < header.size(); ++i) {
            std::string h = header[i];
            std::transform(h.begin(), h.end(), h.begin(),
                           [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
            const int at = records.front().positions[i].column;
            if (std::find(knownColumns.begin(), knownColumns.end(), h) == knownColumns.end()) {
                std::string list;
                for (auto k : knownColumns) {
                    list += (list.empty() ? "" : ", ") + std::string(k);
                }
                throw CsvFailure{
                    1, "unknown column " + limits::quoted(header[i]) + "; the columns are " + list, at};
            }
            if (!column.emplace(h, i).second) {
                throw CsvFailure{1, "the column '" + h + "' appears twice", at};
            }
        }
        for (const char* required : {"side", "army"}) {
            if (!column.contains(required)) {
                throw CsvFailure{1, std::string("the column '") + required + "' is missing"};
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
        std::uint32_t nextTrain = existing.trains.empty() ? 1 : existing.trains.rbegin()->first.value + 1;
        // The first army of each side (name and where it came from), for rules allowing only one.
        std::array<std::optional<std::string>, 2> armyOf;
        for (const auto& [id, hq] : existing.headquarters) {
            if (hq.echelon == Echelon::Army && !armyOf[sideIndex(hq.side)]) {
                armyOf[sideIndex(hq.side)] = "'" + hq.name + "' (already in the scenario)";
            }
        }
        constexpr std::array<std::pair<const char*, Echelon>, 4> echelons{{{"army", Echelon::Army},
                                                                           {"corps", Echelon::Corps},
                                                                           {"division", Echelon::Division},
                                                                           {"brigade", Echelon::Brigade}}};

        for (std::size_t n = 1; n < records.size(); ++n) {
            const int lineNumber = records[n].line;
            if (blank(records[n])) {
                continue;
            }
            const auto& fields = records[n].fields;
            auto get = [&](const char* col) -> std::string {
                auto it = column.find(col);
                return it == column.end() || it->second >= fields.size() ? std::string() : fields[it->second];
            };
            // A failure at the field of `col` (its line and column), or at the row when it has none.
            auto failAt = [&](const char* col, std::string message) -> CsvFailure {
                auto it = column.find(col);
                if (it == column.end() || it->second >= fields.size()) {
                    return CsvFailure{lineNumber, std::move(message)};
                }
                const FieldPosition& p = records[n].positions[it->second];
                return CsvFailure{p.line, std::move(message), p.column};
            };
            auto parse = [&]<typename E>(const char* col, E fallback) {
                const std::string v = get(col);
                if (v.empty()) {
                    return fallback;
                }
                if (auto e = parseEnum<E>(v)) {
                    return *e;
                }
                throw failAt(col, "column '" + std::string(col) + "' is " + limits::quoted(v) +
                                      "; expected " + expectedNames<E>());
            };
            auto number = [&](const char* col, int fallback, limits::IntRange range) {
                const std::string v = get(col);
                long long x = fallback;
                if (v.empty()) {
                    return fallback;
                }
                auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
                if (ec != std::errc{} || end != v.data() + v.size() || !range.allows(x)) {
                    throw failAt(col, "column '" + std::string(col) + "' must be " + range.expected() +
                                          ", not " + limits::quoted(v));
                }
                return static_cast<int>(x);
            };
            const Side side = parse("side", Side::Union);
            if (get("side").empty()) {
                throw failAt("side", "the side is empty; write union or confederate");
            }
            // Walk down the echelons named on this row, creating headquarters as needed.
            std::vector<std::string> chain;
            HeadquartersId parent;
            // Every row starts at its army: a corps or division without one could not be saved.
            if (get("army").empty()) {
                throw failAt("army", "the army is empty; every row names the army it belongs to");
            }
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
                    if (auto problem = limits::checkHeadquarters(hq)) {
                        throw failAt(col, "column '" + std::string(col) + "': " + *problem);
                    }
                    if (echelon == Echelon::Army) {
                        auto& first = armyOf[sideIndex(side)];
                        if (first && rules.oneArmyPerSide) {
                            throw failAt(col, "a second army on the " + std::string(enumName(side)) +
                                                  " side, " + limits::quoted(hqName) + " after " + *first +
                                                  "; the scenario's ruleset allows one army per side");
                        }
                        if (!first) {
                            first = "'" + hqName + "' (line " + std::to_string(lineNumber) + ")";
                        }
                    }
                    out.headquarters.emplace_back(id, hq);
                    it = known.emplace(std::pair{side, chain}, id).first;
                }
                parent = it->second;
            }
            if (!parent.valid()) {
                throw CsvFailure{lineNumber, "the row names no army, corps, division or brigade"};
            }
            const std::string unitName = get("unit");
            const std::string trainName = get("train");
            const std::string commander = get("commander");
            if (!trainName.empty()) {
                // A corps' supply wagon: the row ends at the corps.
                const auto created = std::find_if(out.headquarters.begin(), out.headquarters.end(),
                                                  [&](const auto& e) { return e.first == parent; });
                const Headquarters* hq =
                    created != out.headquarters.end() ? &created->second : existing.find(parent);
                if (!unitName.empty()) {
                    throw failAt("train", "a row adds a unit or a train, not both");
                }
                if (hq == nullptr || hq->echelon != Echelon::Corps) {
                    throw failAt("train", "a train belongs to a corps: name the corps and leave division and "
                                          "brigade empty on its row");
                }
                Train t{parent, trainName};
                if (auto problem = limits::checkTrain(t)) {
                    throw failAt("train", *problem);
                }
                if (nextTrain > limits::id.hi) {
                    throw CsvFailure{lineNumber, "the scenario has run out of ids"};
                }
                out.trains.emplace_back(TrainId{nextTrain++}, t);
                continue;
            }
            if (unitName.empty()) {
                if (commander.empty()) {
                    throw CsvFailure{lineNumber,
                                     "a row without a unit or train must name the commander of its last "
                                     "headquarters"};
                }
                if (auto problem = limits::checkName("the commander's name", commander)) {
                    throw failAt("commander", "column 'commander': " + *problem);
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
            u.strength = number("strength", 0, limits::strength);
            u.stands = number("stands", 1, limits::stands);
            u.quality = parse("quality", Quality::Regular);
            u.weapon = parse("weapon", u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery
                                           ? Weapon::None
                                           : Weapon::RifleMusket);
            u.gun = parse("gun", Gun::None);
            u.roster = number("roster", 0, limits::roster);
            u.formation = u.arm == Arm::Cavalry                                       ? Formation::Mounted
                          : (u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery) ? Formation::Unlimbered
                                                                                      : Formation::Line;
            if (auto problem = limits::checkUnit(u)) {
                throw failAt("unit", *problem);
            }
            if (nextUnit > limits::id.hi || nextHq > limits::id.hi) {
                throw CsvFailure{lineNumber, "the scenario has run out of ids"};
            }
            out.units.emplace_back(UnitId{nextUnit++}, u);
        }
        return out;
    } catch (const CsvFailure& f) {
        return std::unexpected(LoadError{std::string(name), f.line, f.column, f.message});
    }
}

CommandPtr importCommand(const Scenario& s, const OobImport& imported) {
    std::vector<CommandPtr> parts;
    for (const auto& [id, hq] : imported.headquarters) {
        parts.push_back(edits::setHeadquarters(s, id, hq));
    }
    for (const auto& [id, name] : imported.commanders) {
        Headquarters hq = s.oob.headquarters.at(id);
        hq.commander = name;
        parts.push_back(edits::setHeadquarters(s, id, hq));
    }
    for (const auto& [id, unit] : imported.units) {
        parts.push_back(edits::setUnit(s, id, unit));
    }
    for (const auto& [id, train] : imported.trains) {
        parts.push_back(edits::setTrain(s, id, train));
    }
    return std::make_unique<CommandGroup>("Import order of battle", std::move(parts));
}

} // namespace sandtable
