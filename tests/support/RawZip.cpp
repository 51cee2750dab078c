// See RawZip.h. Layout (APPNOTE 4.3): local header + data per entry, the
// central directory, the end-of-central-directory record; no zip64, so
// every size stays below 4 GiB.
#include "support/RawZip.h"

#include <zlib.h>

#include <fstream>
#include <stdexcept>

namespace smc::test {
namespace {

void put16(std::string& out, std::uint32_t value) {
  out += static_cast<char>(value & 0xff);
  out += static_cast<char>((value >> 8) & 0xff);
}

void put32(std::string& out, std::uint32_t value) {
  put16(out, value & 0xffff);
  put16(out, value >> 16);
}

std::string rawDeflate(const std::string& data) {
  z_stream stream{};
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2 failed");
  std::string out(deflateBound(&stream, data.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int status = deflate(&stream, Z_FINISH);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("deflate failed");
  out.resize(stream.total_out);
  return out;
}

}  // namespace

std::string rawZip(const std::vector<RawZipEntry>& entries) {
  std::string out, directory;
  for (const RawZipEntry& entry : entries) {
    std::string stored = entry.deflate ? rawDeflate(entry.data) : entry.data;
    auto crc = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(entry.data.data()), static_cast<uInt>(entry.data.size())));
    std::uint32_t size = entry.declaredSize.value_or(static_cast<std::uint32_t>(entry.data.size()));
    std::uint32_t method = entry.deflate ? 8 : 0;
    auto offset = static_cast<std::uint32_t>(out.size());
    auto common = [&](std::string& header) {
      put16(header, 20);      // version needed to extract
      put16(header, 0x0800);  // flags: names are UTF-8
      put16(header, method);
      put16(header, 0);       // time
      put16(header, 0x21);    // date: 1980-01-01
      put32(header, crc);
      put32(header, static_cast<std::uint32_t>(stored.size()));
      put32(header, size);
      put16(header, static_cast<std::uint32_t>(entry.name.size()));
      put16(header, 0);  // extra field length
    };
    put32(out, 0x04034b50);
    common(out);
    out += entry.name;
    out += stored;

    put32(directory, 0x02014b50);
    put16(directory, entry.unixMode ? (3u << 8) | 20 : 20);  // made by: Unix or MS-DOS
    common(directory);
    put16(directory, 0);  // comment length
    put16(directory, 0);  // disk number
    put16(directory, 0);  // internal attributes
    put32(directory, entry.unixMode ? *entry.unixMode << 16 : 0);
    put32(directory, offset);
    directory += entry.name;
  }
  auto directoryOffset = static_cast<std::uint32_t>(out.size());
  out += directory;
  put32(out, 0x06054b50);
  put16(out, 0);
  put16(out, 0);
  put16(out, static_cast<std::uint32_t>(entries.size()));
  put16(out, static_cast<std::uint32_t>(entries.size()));
  put32(out, static_cast<std::uint32_t>(directory.size()));
  put32(out, directoryOffset);
  put16(out, 0);  // comment length
  return out;
}

void writeRawZip(const std::filesystem::path& path, const std::vector<RawZipEntry>& entries) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  std::string bytes = rawZip(entries);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace smc::test
