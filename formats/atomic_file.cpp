#include "atomic_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace sandtable {
namespace {

std::string systemError(const std::filesystem::path& path, std::string_view what) {
    return path.string() + ": " + std::string(what) + ": " + std::strerror(errno);
}

// Closes the descriptor on every path out of writeFileAtomically.
struct FileDescriptor {
    int fd = -1;
    ~FileDescriptor() {
        if (fd >= 0) {
            ::close(fd);
        }
    }
};

} // namespace

std::expected<void, std::string> writeFileAtomically(const std::filesystem::path& path,
                                                     std::string_view bytes, AtomicWriteOptions options) {
    namespace fs = std::filesystem;
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + path.filename().string() + ".XXXXXX")).string();
    FileDescriptor out;
    out.fd = ::mkstemp(tmpl.data());
    if (out.fd < 0) {
        return std::unexpected(systemError(path, "cannot create a temporary file beside it"));
    }
    const fs::path tmp = tmpl;
    auto fail = [&](std::string_view what) {
        std::string message = systemError(path, what);
        std::error_code ignored;
        fs::remove(tmp, ignored);
        return std::unexpected(std::move(message));
    };
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(out.fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return fail("cannot write");
        }
        done += static_cast<std::size_t>(n);
    }
    // mkstemp makes the file 0600; a saved scenario should be as readable as any other document.
    ::fchmod(out.fd, 0644);
    if (::fsync(out.fd) != 0) {
        return fail("cannot flush to disk");
    }
    ::close(out.fd);
    out.fd = -1;

    std::error_code ec;
    if (options.keepBackup && fs::exists(path, ec)) {
        const fs::path backup = path.string() + ".bak";
        fs::remove(backup, ec);
        // A hard link keeps the old bytes under the backup name without copying them; the
        // rename below then swaps the new file in atomically.
        if (::link(path.c_str(), backup.c_str()) != 0) {
            fs::copy_file(path, backup, fs::copy_options::overwrite_existing, ec);
        }
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        return fail("cannot replace the file");
    }
    FileDescriptor dirFd;
    dirFd.fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dirFd.fd >= 0) {
        ::fsync(dirFd.fd);
    }
    return {};
}

std::expected<std::string, std::string> readWholeFile(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        return std::unexpected(std::string("is a directory, not a file"));
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return std::unexpected(std::string("cannot open: ") + std::strerror(errno));
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        return std::unexpected(std::string("cannot read: ") + std::strerror(errno));
    }
    return std::move(buffer).str();
}

} // namespace sandtable
