// Parse tree -> AST: modifications, annotations and description strings
// (specification A.2.5 and the `description` productions of A.2.7).
#include "frontend/AstBuilder.h"

namespace smc::frontend {

std::unique_ptr<ast::Modification> AstBuilder::modification(P::ModificationContext* context) {
  std::unique_ptr<ast::Modification> out;
  if (context->class_modification())
    out = classModification(context->class_modification());
  else
    out = std::make_unique<ast::Modification>();
  out->range = range(context);
  if (context->expression()) out->binding = expression(context->expression());
  out->assignStyle = context->ASSIGN() != nullptr;
  return out;
}

std::unique_ptr<ast::Modification> AstBuilder::classModification(
    P::Class_modificationContext* context) {
  auto out = std::make_unique<ast::Modification>();
  out->range = range(context);
  if (auto* list = context->argument_list())
    for (P::ArgumentContext* item : list->argument()) out->arguments.push_back(argument(item));
  return out;
}

std::unique_ptr<ast::Modification> AstBuilder::classOrInheritanceModification(
    P::Class_or_inheritance_modificationContext* context) {
  auto out = std::make_unique<ast::Modification>();
  out->range = range(context);
  auto* list = context->argument_or_inheritance_modification_list();
  if (!list) return out;
  for (antlr4::tree::ParseTree* child : list->children) {
    if (auto* item = dynamic_cast<P::ArgumentContext*>(child))
      out->arguments.push_back(argument(item));
    else if (auto* deselection = dynamic_cast<P::Inheritance_modificationContext*>(child))
      diags_.unsupported(range(deselection), "inheritance modification ('break')");
  }
  return out;
}

ast::ElementModification AstBuilder::argument(P::ArgumentContext* context) {
  ast::ElementModification out;
  out.range = range(context);
  // `redeclare [each] [final] <element>`, `[each] [final] replaceable
  // <element>`, or `redeclare ... replaceable <element>`: the element is a
  // component clause or a short class definition, named like the element
  // it replaces.
  P::Short_class_definitionContext* shortClass = nullptr;
  P::Component_clause1Context* component = nullptr;
  P::Constraining_clauseContext* constraint = nullptr;
  bool replaceable = false;
  auto takeReplaceable = [&](P::Element_replaceableContext* element) {
    replaceable = true;
    shortClass = element->short_class_definition();
    component = element->component_clause1();
    constraint = element->constraining_clause();
  };
  if (auto* redeclaration = context->element_redeclaration()) {
    out.each = redeclaration->EACH() != nullptr;
    out.final = redeclaration->FINAL() != nullptr;
    if (auto* element = redeclaration->element_replaceable()) {
      takeReplaceable(element);
    } else {
      shortClass = redeclaration->short_class_definition();
      component = redeclaration->component_clause1();
    }
  } else {
    auto* item = context->element_modification_or_replaceable();
    out.each = item->EACH() != nullptr;
    out.final = item->FINAL() != nullptr;
    if (auto* element = item->element_replaceable()) {
      takeReplaceable(element);
    } else {
      P::Element_modificationContext* modified = item->element_modification();
      out.path = name(modified->name());
      if (modified->modification()) out.modification = modification(modified->modification());
      out.description = descriptionString(modified->description_string());
      return out;
    }
  }
  out.isRedeclaration = true;
  if (component) {
    out.redeclaredComponent = componentClause1(component, out.final, replaceable);
    if (constraint) out.redeclaredComponent->constrainedBy = constrainingClause(constraint);
    out.path.parts.push_back(out.redeclaredComponent->name);
    out.path.range = out.redeclaredComponent->nameRange;
  } else {
    out.redeclaredClass = shortClassDefinition(shortClass);
    out.redeclaredClass->isFinal = out.final;
    out.redeclaredClass->isReplaceable = replaceable;
    if (constraint) out.redeclaredClass->constrainedBy = constrainingClause(constraint);
    out.path.parts.push_back(out.redeclaredClass->name);
    out.path.range = out.redeclaredClass->nameRange;
  }
  return out;
}

std::unique_ptr<ast::Annotation> AstBuilder::annotation(P::Annotation_commentContext* context) {
  auto out = std::make_unique<ast::Annotation>();
  out->range = range(context);
  std::unique_ptr<ast::Modification> body = classModification(context->class_modification());
  out->modification = std::move(*body);
  return out;
}

void AstBuilder::description(P::DescriptionContext* context, std::string& text,
                             std::unique_ptr<ast::Annotation>& annotationOut) {
  text = descriptionString(context->description_string());
  if (context->annotation_comment()) annotationOut = annotation(context->annotation_comment());
}

std::string AstBuilder::descriptionString(P::Description_stringContext* context) {
  // "a" + "b" is one description, concatenated.
  std::string out;
  for (antlr4::tree::TerminalNode* part : context->STRING())
    out += stringLiteral(part->getSymbol());
  return out;
}

}  // namespace smc::frontend
