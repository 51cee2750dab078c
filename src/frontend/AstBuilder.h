// Turns ANTLR's parse tree (grammar/Modelica.g4) into the ast:: structs of
// Ast.h by a direct walk, one function per grammar rule it handles, filling
// every SourceRange. It only runs on trees without syntax errors, so each
// rule's shape is the grammar's. Constructs the AST has no place for are
// reported as "not supported yet: ..." at their location, never dropped in
// silence. The walk is split by topic: classes and elements
// (AstBuilder.cpp), modifications (AstBuilderModifications.cpp), equations
// and statements (AstBuilderEquations.cpp), expressions and names
// (AstBuilderExpressions.cpp).
//
// The items of element lists, equation and algorithm sections are built
// while the parse goes on (buildItem(), ChunkedParser.h), since their part
// of the tree is freed right after; build() then takes them where the walk
// meets their list. Their diagnostics wait with them, so that every
// diagnostic comes in the order of the walk.
#pragma once

#include "frontend/Ast.h"
#include "frontend/Diagnostics.h"
#include "frontend/TokenLocator.h"

#include "ModelicaParser.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace smc::frontend {

class AstBuilder {
public:
  AstBuilder(const TokenLocator& locator, DiagnosticEngine& diags)
      : locator_(locator), diags_(diags) {}

  ast::StoredDefinition build(grammar::ModelicaParser::Stored_definitionContext* tree);

  // Builds `item` (an element, equation or statement) of `list` (its
  // element_list, equation_section or algorithm_section) and keeps it for
  // build(), which must come before `list` is freed.
  void buildItem(antlr4::ParserRuleContext* list, antlr4::ParserRuleContext* item);
  // Drops the items built so far (their parse was abandoned).
  void forgetBuiltItems() { built_.clear(); }

private:
  using P = grammar::ModelicaParser;

  // Where the builder reports: to the engine, or, while buildItem() runs,
  // into the item's list of diagnostics.
  class Reporter {
  public:
    explicit Reporter(DiagnosticEngine& engine) : engine_(engine) {}
    template <typename... Args>
    void errorf(SourceRange range, fmt::format_string<Args...> format, Args&&... args) {
      report({Severity::Error, range, fmt::format(format, std::forward<Args>(args)...)});
    }
    void unsupported(SourceRange range, const std::string& what) {
      report({Severity::Error, range, "not supported yet: " + what});
    }
    void report(Diagnostic diagnostic);
    void collectInto(std::vector<Diagnostic>* diagnostics) { collected_ = diagnostics; }

  private:
    DiagnosticEngine& engine_;
    std::vector<Diagnostic>* collected_ = nullptr;
  };

  // The items of one list built during the parse, with their diagnostics.
  struct BuiltItems {
    ast::ClassDef elements;  // an element_list's: only the element vectors
    std::vector<ast::Equation> equations;
    std::vector<ast::Statement> statements;
    std::vector<Diagnostic> diagnostics;
  };
  // The items built for `list`, removed; their diagnostics are reported.
  BuiltItems takeBuiltItems(antlr4::ParserRuleContext* list);
  static ast::Visibility visibilityOf(P::Element_listContext* list);

  // The element prefixes `redeclare final inner outer replaceable`, which
  // apply to every component of a clause or to a nested class.
  struct ElementPrefixes {
    bool isRedeclare = false, isFinal = false, isInner = false, isOuter = false;
    bool isReplaceable = false;
    ast::Visibility visibility = ast::Visibility::Public;
    SourceLocation begin;  // where the element starts, prefixes included
  };

  // Classes and elements (AstBuilder.cpp).
  std::unique_ptr<ast::ClassDef> classDefinition(P::Class_definitionContext* context);
  void classPrefixes(P::Class_prefixesContext* context, ast::ClassDef& out);
  void longClassSpecifier(P::Long_class_specifierContext* context, ast::ClassDef& out);
  void shortClassSpecifier(P::Short_class_specifierContext* context, ast::ClassDef& out);
  void derClassSpecifier(P::Der_class_specifierContext* context, ast::ClassDef& out);
  void checkEndName(antlr4::tree::TerminalNode* name, antlr4::tree::TerminalNode* endName);
  void composition(P::CompositionContext* context, ast::ClassDef& out);
  void element(P::ElementContext* context, ast::Visibility visibility, ast::ClassDef& out);
  void componentClause(P::Component_clauseContext* context, const ElementPrefixes& prefixes,
                       ast::ClassDef& out);
  void typePrefix(P::Type_prefixContext* context, ast::Component& out);
  // The declaration of `redeclare S s(k = 2)` inside a modification.
  std::unique_ptr<ast::Component> componentClause1(P::Component_clause1Context* context, bool isFinal,
                                                   bool isReplaceable);
  std::unique_ptr<ast::ClassDef> shortClassDefinition(P::Short_class_definitionContext* context);
  std::unique_ptr<ast::ConstrainingClause> constrainingClause(P::Constraining_clauseContext* context);
  ast::Import importClause(P::Import_clauseContext* context, ast::Visibility visibility);
  ast::Extends extendsClause(P::Extends_clauseContext* context, ast::Visibility visibility);

  // Modifications, annotations, descriptions (AstBuilderModifications.cpp).
  std::unique_ptr<ast::Modification> modification(P::ModificationContext* context);
  std::unique_ptr<ast::Modification> classModification(P::Class_modificationContext* context);
  std::unique_ptr<ast::Modification> classOrInheritanceModification(
      P::Class_or_inheritance_modificationContext* context);
  ast::ElementModification argument(P::ArgumentContext* context);
  std::unique_ptr<ast::Annotation> annotation(P::Annotation_commentContext* context);
  void description(P::DescriptionContext* context, std::string& text,
                   std::unique_ptr<ast::Annotation>& annotation);
  std::string descriptionString(P::Description_stringContext* context);

  // Equations and statements (AstBuilderEquations.cpp).
  ast::EquationSection equationSection(P::Equation_sectionContext* context);
  ast::AlgorithmSection algorithmSection(P::Algorithm_sectionContext* context);
  ast::Equation equation(P::EquationContext* context);
  ast::Statement statement(P::StatementContext* context);
  std::vector<ast::ForIndex> forIndices(P::For_indicesContext* context);

  // Expressions and names (AstBuilderExpressions.cpp).
  ast::ExprPtr expression(P::ExpressionContext* context);
  ast::ExprPtr nestedExpression(P::ExpressionContext* context);
  ast::ExprPtr simpleExpression(P::Simple_expressionContext* context);
  ast::ExprPtr logicalExpression(P::Logical_expressionContext* context);
  ast::ExprPtr logicalTerm(P::Logical_termContext* context);
  ast::ExprPtr logicalFactor(P::Logical_factorContext* context);
  ast::ExprPtr relation(P::RelationContext* context);
  ast::ExprPtr arithmeticExpression(P::Arithmetic_expressionContext* context);
  ast::ExprPtr term(P::TermContext* context);
  ast::ExprPtr factor(P::FactorContext* context);
  ast::ExprPtr primary(P::PrimaryContext* context);
  ast::ExprPtr number(antlr4::Token* token);
  ast::ExprPtr call(ast::ComponentRef callee, P::Function_call_argsContext* args,
                    SourceRange range);
  void functionArgumentsNonFirst(P::Function_arguments_non_firstContext* context,
                                 ast::Expr& call);
  void namedArguments(P::Named_argumentsContext* context, ast::Expr& call);
  ast::ExprPtr functionArgument(P::Function_argumentContext* context);
  ast::ExprPtr partialApplication(P::Function_partial_applicationContext* context);
  ast::ExprPtr outputExpressionList(P::Output_expression_listContext* context,
                                    SourceRange range);
  ast::ExprPtr binary(ast::Op op, ast::ExprPtr left, ast::ExprPtr right);
  bool tooManyOperands(antlr4::ParserRuleContext* context, size_t operands);
  ast::ComponentRef componentReference(P::Component_referenceContext* context);
  ast::ExprPtr reference(P::Component_referenceContext* context);
  std::vector<ast::ExprPtr> arraySubscripts(P::Array_subscriptsContext* context);
  ast::Name name(P::NameContext* context);
  ast::Name typeSpecifier(P::Type_specifierContext* context);
  std::string identifier(antlr4::tree::TerminalNode* node) const;
  std::string stringLiteral(antlr4::Token* token);

  SourceRange range(antlr4::ParserRuleContext* context) const { return locator_.range(context); }
  SourceRange range(antlr4::tree::TerminalNode* node) const {
    return locator_.range(node->getSymbol());
  }

  const TokenLocator& locator_;
  Reporter diags_;
  int expressionNesting_ = 0;  // expression() calls under way
  std::unordered_map<antlr4::ParserRuleContext*, BuiltItems> built_;
};

ast::ExprPtr makeExpr(ast::ExprKind kind, SourceRange range);

}  // namespace smc::frontend
