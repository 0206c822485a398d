#pragma once
// Writes a file so that a crash or a full disk never leaves a half-written one: the bytes go to a
// temporary file beside it, are flushed to disk, and replace the old file by an atomic rename. The
// previous version is kept as FILE.bak.
//
// It respects what is there: a symbolic link is followed and its target replaced (the link stays
// a link); a directory, device, FIFO or socket is refused; an existing file keeps its permissions,
// and a read-only one is refused. Temporary files that a killed save left behind are removed by
// the next save of the same file.
#include <expected>
#include <filesystem>
#include <string>
#include <string_view>

namespace sandtable {

struct AtomicWriteOptions {
    bool keepBackup = true;
};

// A file being written: write to temporaryPath() (by name, as Cairo does) or through fd(), then
// commit(). Destroyed without commit (cancelled, failed), it leaves the old file and no temporary.
class AtomicFile {
  public:
    [[nodiscard]] static std::expected<AtomicFile, std::string> create(const std::filesystem::path& path,
                                                                       AtomicWriteOptions options = {});
    AtomicFile(AtomicFile&& other) noexcept;
    AtomicFile& operator=(AtomicFile&&) = delete;
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    ~AtomicFile();

    const std::filesystem::path& temporaryPath() const { return tmp_; }
    // The file the bytes end up in: the path asked for, or the target of its symbolic link.
    const std::filesystem::path& target() const { return target_; }
    int fd() const { return fd_; }
    [[nodiscard]] std::expected<void, std::string> write(std::string_view bytes);
    // After the last byte: flushes the bytes to disk now, so that the caller's other work (a save's
    // read-back) overlaps the disk's and commit does not wait for it again. A write() after it
    // makes commit flush again; nothing may be written through fd() or by name after it.
    [[nodiscard]] std::expected<void, std::string> flush();
    // Flushes (unless flush() did), keeps the backup, renames into place. Afterwards the object
    // holds nothing.
    [[nodiscard]] std::expected<void, std::string> commit();

  private:
    AtomicFile() = default;
    void discard();

    std::filesystem::path asked_;
    std::filesystem::path target_;
    std::filesystem::path tmp_;
    int fd_ = -1;
    bool existed_ = false;
    bool flushed_ = false; // flush() since the last write()
    AtomicWriteOptions options_;
};

[[nodiscard]] std::expected<void, std::string> writeFileAtomically(const std::filesystem::path& path,
                                                                   std::string_view bytes,
                                                                   AtomicWriteOptions options = {});

// Reads a whole regular file of at most limits::maxFileBytes; pipes, devices and directories are
// refused before reading. The error gives the reason (the caller names the file).
[[nodiscard]] std::expected<std::string, std::string> readWholeFile(const std::filesystem::path& path);

} // namespace sandtable
