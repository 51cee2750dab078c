// smc's implementation of the tool-specific part of the MSL that its
// ModelicaServices package leaves to each tool: resolving a resource's URI
// (ModelicaServices.ExternalReferences.loadResource, and
// Modelica.Utilities.Files.loadResource, which extends it). The default
// ModelicaServices passes the URI to fullPathName, which knows no
// modelica:// scheme; a tool maps it to a file through the library path
// (spec 13.5). smc does so at translation, so the call becomes the
// absolute path as a String literal: the FMU then reads the file where it
// was when the model was translated.
//
// modelica://Lib.Pkg/dir/file is dir/file under the directory of class
// Lib.Pkg (the top-level package's directory, then one directory per name,
// as packages map to directories); file:///path is /path; a plain name is
// relative to the file that writes the call.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <filesystem>

namespace smc::flatten {

bool Flattener::isLoadResource(ClassNode* cls) {
  ClassNode* services = tree_.find({"ModelicaServices", "ExternalReferences", "loadResource"}, true, tree_.root());
  return services && cls && tree_.isOrInherits(cls, services);
}

std::optional<Value> Flattener::lowerLoadResource(const ast::Expr& call, const CallArguments& arguments,
                                                  const Scope& scope) {
  namespace fs = std::filesystem;
  const std::optional<Value>& uri = arguments.given.empty() ? std::nullopt : arguments.given[0];
  auto text = uri && uri->isScalar() && isParameterExpression(*uri->elements[0], scope)
                  ? evaluateFlat(*uri->elements[0], call.range)
                  : std::nullopt;
  if (!text || text->kind != Constant::String) {
    diags_.unsupported(call.range, fmt::format("'{}' of a URI that is not known at translation", arguments.name));
    return std::nullopt;
  }
  std::string path;
  constexpr std::string_view modelicaScheme = "modelica://";
  if (text->text.rfind(modelicaScheme, 0) == 0) {
    const std::string rest = text->text.substr(modelicaScheme.size());
    const size_t slash = rest.find('/');
    std::vector<std::string> names;
    for (size_t begin = 0, end;; begin = end + 1) {
      end = rest.find('.', begin);
      if (end > slash) end = slash;
      names.push_back(rest.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
      if (end == slash || end == std::string::npos) break;
    }
    ClassNode* top = tree_.find({names[0]}, true, tree_.root());
    if (!top || !top->def) {
      diags_.errorf(call.range, "the URI '{}' names the library '{}', which is not loaded", text->text, names[0]);
      return std::nullopt;
    }
    fs::path directory = fs::path(diags_.sources().path(top->def->range.begin.file)).parent_path();
    for (size_t k = 1; k < names.size(); ++k) directory /= names[k];
    if (slash != std::string::npos) directory /= rest.substr(slash + 1);
    path = directory.lexically_normal().string();
  } else {
    path = resourceDirectory(text->text, call.range);
  }
  if (path.empty()) return std::nullopt;
  return Value::scalar(flat::makeString(path, call.range));
}

}  // namespace smc::flatten
