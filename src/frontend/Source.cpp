#include "frontend/Source.h"

#include <fstream>
#include <sstream>

namespace smc {

FileId SourceManager::addBuffer(std::string path, std::string contents) {
  File file{std::move(path), std::move(contents), {0}};
  for (size_t i = 0; i < file.contents.size(); ++i)
    if (file.contents[i] == '\n') file.lineStarts.push_back(i + 1);
  files_.push_back(std::move(file));
  return static_cast<FileId>(files_.size() - 1);
}

bool SourceManager::addFile(const std::string& path, FileId& id) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return false;
  id = addBuffer(path, text.str());
  return true;
}

std::string_view SourceManager::lineText(FileId id, uint32_t line) const {
  if (id >= files_.size()) return {};
  const File& file = files_[id];
  if (line == 0 || line > file.lineStarts.size()) return {};
  size_t begin = file.lineStarts[line - 1];
  size_t end = file.contents.find('\n', begin);
  if (end == std::string::npos) end = file.contents.size();
  if (end > begin && file.contents[end - 1] == '\r') --end;
  return std::string_view(file.contents).substr(begin, end - begin);
}

}  // namespace smc
