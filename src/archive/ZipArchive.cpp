// libzip behind ZipArchive; see ZipArchive.h for what is judged and why.
#include "archive/ZipArchive.h"

#include "archive/EntryPath.h"

#include <fmt/format.h>
#include <zip.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <map>
#include <set>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace smc::archive {

struct ZipArchive::Handle {
  zip_t* zip = nullptr;
  ~Handle() {
    if (zip != nullptr) zip_discard(zip);
  }
};

namespace {

// Problems listed per archive; an archive that breaks a rule thousands of
// times is refused just the same, and its report stays readable.
constexpr std::size_t kMaxProblems = 50;

// Entry names in messages: long or odd names shortened, never raw bytes.
std::string shown(std::string_view name) {
  constexpr std::size_t kShown = 120;
  std::string text;
  for (unsigned char c : name.substr(0, kShown)) {
    if (c < 0x20 || c == 0x7f) text += fmt::format("\\x{:02x}", c);
    else text += static_cast<char>(c);
  }
  if (name.size() > kShown) text += fmt::format("... ({} bytes)", name.size());
  return text;
}

std::string zipErrorText(int code) {
  zip_error_t error;
  zip_error_init_with_code(&error, code);
  std::string text = zip_error_strerror(&error);
  zip_error_fini(&error);
  return text;
}

// What the Unix mode in an entry's external attributes says it is; entries
// made elsewhere (MS-DOS, no mode) are plain files or folders by name.
enum class UnixKind { Unknown, File, Directory, SymbolicLink, Special };

UnixKind unixKind(zip_t* zip, zip_uint64_t index) {
  zip_uint8_t system = 0;
  zip_uint32_t attributes = 0;
  if (zip_file_get_external_attributes(zip, index, 0, &system, &attributes) != 0 ||
      system != ZIP_OPSYS_UNIX)
    return UnixKind::Unknown;
  mode_t mode = static_cast<mode_t>(attributes >> 16);
  if ((mode & S_IFMT) == 0) return UnixKind::Unknown;
  if (S_ISREG(mode)) return UnixKind::File;
  if (S_ISDIR(mode)) return UnixKind::Directory;
  if (S_ISLNK(mode)) return UnixKind::SymbolicLink;
  return UnixKind::Special;
}

bool exceedsRatio(std::uint64_t size, std::uint64_t compressed, const ArchiveLimits& limits) {
  if (size <= limits.ratioFloorBytes) return false;
  return compressed == 0 || size / compressed > limits.maxCompressionRatio;
}

}  // namespace

std::string byteCount(std::uint64_t bytes) {
  constexpr std::array<const char*, 4> units = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) return fmt::format("{} bytes", bytes);
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  for (value /= 1024.0; value >= 1024.0 && unit + 1 < units.size(); value /= 1024.0) ++unit;
  // Three significant digits without an exponent: 1.56, 15.6, 156, 1024.
  std::string digits = fmt::format("{:.{}f}", value, value < 10 ? 2 : value < 100 ? 1 : 0);
  if (digits.find('.') != std::string::npos) {
    while (digits.back() == '0') digits.pop_back();
    if (digits.back() == '.') digits.pop_back();
  }
  return fmt::format("{} {}", digits, units[unit]);
}

ZipArchive::ZipArchive(std::filesystem::path path, std::string label, std::string what,
                       ArchiveLimits limits, std::unique_ptr<Handle> handle)
    : path_(std::move(path)), label_(std::move(label)), what_(std::move(what)), limits_(limits),
      handle_(std::move(handle)) {}
ZipArchive::ZipArchive(ZipArchive&&) noexcept = default;
ZipArchive& ZipArchive::operator=(ZipArchive&&) noexcept = default;
ZipArchive::~ZipArchive() = default;

Result<ZipArchive> ZipArchive::open(const std::filesystem::path& path, std::string_view what,
                                    const ArchiveLimits& limits, std::string label) {
  if (label.empty()) label = path.string();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    return Error{fmt::format("cannot open '{}': no such file", label)};
  if (std::filesystem::is_directory(path, ec))
    return Error{fmt::format("'{}' is a directory, not an {} file", label, what)};
  int code = 0;
  auto handle = std::make_unique<Handle>();
  // ZIP_CHECKCONS: each local header must agree with the central directory,
  // so the names judged here are the names of the bytes inflated later.
  handle->zip = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
  // The consistency check also refuses two entries of one name; open the
  // archive again without it to name them (extraction stays refused).
  const bool duplicateNames = handle->zip == nullptr && code == ZIP_ER_EXISTS;
  if (duplicateNames) handle->zip = zip_open(path.c_str(), ZIP_RDONLY, &code);
  if (handle->zip == nullptr) {
    if (code == ZIP_ER_NOZIP)
      return Error{fmt::format("'{}' is not a zip archive (an {} must be a zip file)", label,
                               what)};
    return Error{fmt::format("cannot open '{}': {}", label, zipErrorText(code))};
  }
  ZipArchive archive(path, std::move(label), std::string(what), limits, std::move(handle));
  archive.readDirectory();
  archive.judgeEntries();
  if (duplicateNames && archive.problems_.empty())
    archive.problems_.push_back({"archive-duplicate-entry", "two entries have the same name"});
  return archive;
}

void ZipArchive::readDirectory() {
  zip_int64_t count = zip_get_num_entries(handle_->zip, 0);
  if (count < 0) count = 0;
  if (static_cast<std::uint64_t>(count) > limits_.maxEntries) {
    problems_.push_back({"archive-limit",
                         fmt::format("the archive has {} entries, more than the limit of {} "
                                     "(--max-entries)",
                                     count, limits_.maxEntries)});
    return;
  }
  entries_.reserve(static_cast<std::size_t>(count));
  for (zip_int64_t i = 0; i < count; ++i) {
    auto index = static_cast<zip_uint64_t>(i);
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(handle_->zip, index, ZIP_FL_ENC_GUESS, &stat) != 0 ||
        (stat.valid & ZIP_STAT_NAME) == 0) {
      problems_.push_back({"archive-unreadable",
                           fmt::format("entry #{} cannot be read: {}", i,
                                       zip_strerror(handle_->zip))});
      continue;
    }
    Entry entry;
    entry.name = stat.name;
    entry.index = index;
    entry.size = (stat.valid & ZIP_STAT_SIZE) != 0 ? stat.size : 0;
    entry.compressedSize = (stat.valid & ZIP_STAT_COMP_SIZE) != 0 ? stat.comp_size : 0;
    entry.directory = !entry.name.empty() && (entry.name.back() == '/' || entry.name.back() == '\\');
    UnixKind kind = unixKind(handle_->zip, index);
    if (kind == UnixKind::Directory) entry.directory = true;
    if (kind == UnixKind::SymbolicLink || kind == UnixKind::Special) {
      problems_.push_back(
          {"archive-entry-type",
           fmt::format("entry '{}' is a {}; an {} may hold only plain files and folders",
                       shown(entry.name),
                       kind == UnixKind::SymbolicLink ? "symbolic link" : "special file", what_)});
    }
    if ((stat.valid & ZIP_STAT_ENCRYPTION_METHOD) != 0 &&
        stat.encryption_method != ZIP_EM_NONE) {
      problems_.push_back({"archive-entry-encrypted",
                           fmt::format("entry '{}' is encrypted", shown(entry.name))});
    }
    if (std::string reason = unsafeEntryReason(entry.name); !reason.empty()) {
      problems_.push_back({"archive-entry-path",
                           fmt::format("entry '{}' cannot be unpacked safely: {}",
                                       shown(entry.name), reason)});
    } else {
      entry.path = normalizedEntryPath(entry.name);
    }
    entries_.push_back(std::move(entry));
    if (problems_.size() > kMaxProblems) break;
  }
}

void ZipArchive::judgeEntries() {
  auto add = [&](std::string rule, std::string message) {
    if (problems_.size() <= kMaxProblems) problems_.push_back({std::move(rule), std::move(message)});
  };
  std::uint64_t total = 0;
  std::uint64_t totalCompressed = 0;
  std::map<std::string, const Entry*> byKey;  // collision key -> first entry
  std::set<std::string> fileKeys;
  for (const Entry& entry : entries_) {
    if (!entry.directory) {
      if (entry.size > limits_.maxEntryBytes)
        add("archive-limit", fmt::format("entry '{}' unpacks to {}, more than the limit of {} "
                                         "per entry (--max-entry-size)",
                                         shown(entry.name), byteCount(entry.size),
                                         byteCount(limits_.maxEntryBytes)));
      else if (exceedsRatio(entry.size, entry.compressedSize, limits_))
        add("archive-limit",
            fmt::format("entry '{}' inflates from {} to {}, more than {} times (an archive "
                        "bomb?; --max-compression-ratio)",
                        shown(entry.name), byteCount(entry.compressedSize),
                        byteCount(entry.size), limits_.maxCompressionRatio));
      total += entry.size;
      totalCompressed += entry.compressedSize;
    }
    if (entry.path.empty()) continue;  // unsafe: already reported
    std::optional<std::string> key = collisionKey(entry.path);
    if (!key) {
      add("archive-entry-path",
          fmt::format("entry '{}' cannot be unpacked safely: the name is not valid UTF-8",
                      shown(entry.name)));
      continue;
    }
    auto [found, inserted] = byKey.emplace(*key, &entry);
    if (!inserted && !(found->second->directory && entry.directory)) {
      const Entry& first = *found->second;
      if (first.name == entry.name)
        add("archive-duplicate-entry",
            fmt::format("entry '{}' appears twice; which one would be used depends on the "
                        "tool that unpacks it",
                        shown(entry.name)));
      else
        add("archive-duplicate-entry",
            fmt::format("entries '{}' and '{}' unpack to the same file (names differing only "
                        "in case, Unicode form or separators)",
                        shown(first.name), shown(entry.name)));
    }
    if (!entry.directory) fileKeys.insert(*key);
  }
  if (total > limits_.maxTotalBytes)
    add("archive-limit", fmt::format("the archive unpacks to {}, more than the limit of {} "
                                     "(--max-unpacked-size)",
                                     byteCount(total), byteCount(limits_.maxTotalBytes)));
  else if (exceedsRatio(total, totalCompressed, limits_))
    add("archive-limit", fmt::format("the archive inflates from {} to {}, more than {} times "
                                     "(an archive bomb?; --max-compression-ratio)",
                                     byteCount(totalCompressed), byteCount(total),
                                     limits_.maxCompressionRatio));
  // A file where another entry needs a folder: "a" and "a/b".
  for (const auto& [key, entry] : byKey) {
    for (std::size_t slash = key.find('/'); slash != std::string::npos;
         slash = key.find('/', slash + 1)) {
      auto file = fileKeys.find(key.substr(0, slash));
      if (file == fileKeys.end()) continue;
      add("archive-entry-conflict",
          fmt::format("entry '{}' is a file, but entry '{}' needs a folder of that name",
                      shown(byKey.at(*file)->name), shown(entry->name)));
      break;
    }
  }
}

const Entry* ZipArchive::findFile(std::string_view path) const {
  for (const Entry& entry : entries_)
    if (!entry.directory && entry.path == path) return &entry;
  return nullptr;
}

Result<void> ZipArchive::extractTo(const std::filesystem::path& root) const {
  if (!problems_.empty())
    return Error{fmt::format("refusing to unpack '{}': {}", label_,
                             problems_.front().message)};
  for (const Entry& entry : entries_) {
    std::filesystem::path target = root / entry.path;
    std::error_code ec;
    std::filesystem::create_directories(entry.directory ? target : target.parent_path(), ec);
    if (ec)
      return Error{fmt::format("cannot unpack '{}': entry '{}': {}", label_, shown(entry.name),
                               ec.message())};
    if (entry.directory) continue;
    if (Result<void> done = extractFile(entry, target); !done) return done;
  }
  return {};
}

Result<void> ZipArchive::extractFile(const Entry& entry,
                                     const std::filesystem::path& target) const {
  auto failed = [&](std::string_view reason) {
    return Error{fmt::format("cannot unpack '{}': entry '{}': {}", label_, shown(entry.name),
                             reason)};
  };
  struct FileCloser {
    void operator()(zip_file_t* file) const { zip_fclose(file); }
  };
  std::unique_ptr<zip_file_t, FileCloser> in(zip_fopen_index(handle_->zip, entry.index, 0));
  if (!in) return failed(zip_strerror(handle_->zip));
  int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return failed(std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  std::array<char, 64 * 1024> buffer;
  std::uint64_t entryBytes = 0;
  for (;;) {
    zip_int64_t n = zip_fread(in.get(), buffer.data(), buffer.size());
    if (n < 0) return failed(zip_file_strerror(in.get()));
    if (n == 0) break;
    auto count = static_cast<std::uint64_t>(n);
    entryBytes += count;
    // The declared sizes passed the limits (so the total cannot pass its
    // own either); bytes beyond them mean the archive lied, and are not
    // written.
    if (entryBytes > entry.size)
      return failed(fmt::format("it inflates to more than the {} its header declares",
                                byteCount(entry.size)));
    for (const char* at = buffer.data(); count > 0;) {
      ssize_t put = ::write(fd, at, count);
      if (put < 0) {
        if (errno == EINTR) continue;
        return failed(fmt::format("cannot write it: {}", std::strerror(errno)));
      }
      at += put;
      count -= static_cast<std::uint64_t>(put);
    }
  }
  if (entryBytes != entry.size)
    return failed(fmt::format("it inflates to {} where its header declares {}",
                              byteCount(entryBytes), byteCount(entry.size)));
  return {};
}

}  // namespace smc::archive
