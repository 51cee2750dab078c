// Parse tree -> AST: equation and algorithm sections, equations and
// statements (specification A.2.6).
#include "frontend/AstBuilder.h"

namespace smc::frontend {

namespace {

// Splits the children of an if/when construct into branches: a condition
// expression opens a branch, `else` opens one without condition, and each
// body item goes to the last open branch. `Build` turns a body item
// (EquationContext or StatementContext) into its AST node.
template <typename Item, typename Context, typename ExprFn, typename Build>
void splitBranches(antlr4::ParserRuleContext* context, std::vector<ast::ExprPtr>& conditions,
                   std::vector<std::vector<Item>>& branches, ExprFn condition, Build build) {
  for (antlr4::tree::ParseTree* child : context->children) {
    if (auto* test = dynamic_cast<grammar::ModelicaParser::ExpressionContext*>(child)) {
      conditions.push_back(condition(test));
      branches.emplace_back();
    } else if (auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(child)) {
      if (terminal->getSymbol()->getType() == grammar::ModelicaParser::ELSE)
        branches.emplace_back();
    } else if (auto* item = dynamic_cast<Context*>(child)) {
      branches.back().push_back(build(item));
    }
  }
}

}  // namespace

ast::EquationSection AstBuilder::equationSection(P::Equation_sectionContext* context) {
  ast::EquationSection out;
  out.initial = context->INITIAL() != nullptr;
  out.range = range(context);
  for (P::EquationContext* item : context->equation()) out.equations.push_back(equation(item));
  BuiltItems built = takeBuiltItems(context);
  out.equations.insert(out.equations.end(), std::make_move_iterator(built.equations.begin()),
                       std::make_move_iterator(built.equations.end()));
  return out;
}

ast::AlgorithmSection AstBuilder::algorithmSection(P::Algorithm_sectionContext* context) {
  ast::AlgorithmSection out;
  out.initial = context->INITIAL() != nullptr;
  out.range = range(context);
  for (P::StatementContext* item : context->statement())
    out.statements.push_back(statement(item));
  BuiltItems built = takeBuiltItems(context);
  out.statements.insert(out.statements.end(), std::make_move_iterator(built.statements.begin()),
                        std::make_move_iterator(built.statements.end()));
  return out;
}

std::vector<ast::ForIndex> AstBuilder::forIndices(P::For_indicesContext* context) {
  std::vector<ast::ForIndex> out;
  for (P::For_indexContext* item : context->for_index()) {
    ast::ForIndex index;
    index.name = identifier(item->IDENT());
    if (item->expression()) index.range = expression(item->expression());
    index.source = range(item);
    out.push_back(std::move(index));
  }
  return out;
}

ast::Equation AstBuilder::equation(P::EquationContext* context) {
  ast::Equation out{};
  out.range = range(context);
  auto toExpr = [this](P::ExpressionContext* e) { return expression(e); };
  auto toEquation = [this](P::EquationContext* e) { return equation(e); };
  P::DescriptionContext* comment = nullptr;

  if (auto* simple = dynamic_cast<P::SimpleEquationContext*>(context)) {
    out.kind = ast::EquationKind::Simple;
    out.lhs = simpleExpression(simple->simple_expression());
    out.rhs = expression(simple->expression());
    comment = simple->description();
  } else if (auto* branch = dynamic_cast<P::IfEquationContext*>(context)) {
    out.kind = ast::EquationKind::If;
    splitBranches<ast::Equation, P::EquationContext>(branch->if_equation(), out.conditions,
                                                     out.branches, toExpr, toEquation);
    comment = branch->description();
  } else if (auto* loop = dynamic_cast<P::ForEquationContext*>(context)) {
    out.kind = ast::EquationKind::For;
    out.iterators = forIndices(loop->for_equation()->for_indices());
    out.branches.emplace_back();
    for (P::EquationContext* item : loop->for_equation()->equation())
      out.branches[0].push_back(equation(item));
    comment = loop->description();
  } else if (auto* connect = dynamic_cast<P::ConnectEquationContext*>(context)) {
    out.kind = ast::EquationKind::Connect;
    out.connectA = componentReference(connect->connect_clause()->component_reference(0));
    out.connectB = componentReference(connect->connect_clause()->component_reference(1));
    comment = connect->description();
  } else if (auto* when = dynamic_cast<P::WhenEquationContext*>(context)) {
    out.kind = ast::EquationKind::When;
    splitBranches<ast::Equation, P::EquationContext>(when->when_equation(), out.conditions,
                                                     out.branches, toExpr, toEquation);
    comment = when->description();
  } else {
    auto* callEquation = dynamic_cast<P::CallEquationContext*>(context);
    out.kind = ast::EquationKind::Call;
    SourceRange callRange = locator_.range(callEquation->component_reference()->getStart(),
                                           callEquation->function_call_args()->getStop());
    out.lhs = call(componentReference(callEquation->component_reference()),
                   callEquation->function_call_args(), callRange);
    comment = callEquation->description();
  }
  description(comment, out.description, out.annotation);
  return out;
}

ast::Statement AstBuilder::statement(P::StatementContext* context) {
  ast::Statement out{};
  out.range = range(context);
  auto toExpr = [this](P::ExpressionContext* e) { return expression(e); };
  auto toStatement = [this](P::StatementContext* s) { return statement(s); };
  P::DescriptionContext* comment = nullptr;

  if (auto* assign = dynamic_cast<P::AssignStatementContext*>(context)) {
    out.kind = ast::StatementKind::Assign;
    out.lhs = reference(assign->component_reference());
    out.rhs = expression(assign->expression());
    comment = assign->description();
  } else if (auto* callStatement = dynamic_cast<P::CallStatementContext*>(context)) {
    out.kind = ast::StatementKind::Call;
    SourceRange callRange = locator_.range(callStatement->component_reference()->getStart(),
                                           callStatement->function_call_args()->getStop());
    out.rhs = call(componentReference(callStatement->component_reference()),
                   callStatement->function_call_args(), callRange);
    comment = callStatement->description();
  } else if (auto* multiple = dynamic_cast<P::MultipleAssignStatementContext*>(context)) {
    out.kind = ast::StatementKind::Assign;
    SourceRange targets = locator_.range(multiple->LPAREN()->getSymbol(),
                                         multiple->RPAREN()->getSymbol());
    out.lhs = outputExpressionList(multiple->output_expression_list(), targets);
    if (out.lhs->kind != ast::ExprKind::Tuple) {
      // `(a) := f(x)` is a one-element tuple, not a parenthesised reference.
      ast::ExprPtr tuple = makeExpr(ast::ExprKind::Tuple, targets);
      tuple->args.push_back(std::move(out.lhs));
      out.lhs = std::move(tuple);
    }
    SourceRange callRange = locator_.range(multiple->component_reference()->getStart(),
                                           multiple->function_call_args()->getStop());
    out.rhs = call(componentReference(multiple->component_reference()),
                   multiple->function_call_args(), callRange);
    comment = multiple->description();
  } else if (auto* stop = dynamic_cast<P::BreakStatementContext*>(context)) {
    out.kind = ast::StatementKind::Break;
    comment = stop->description();
  } else if (auto* leave = dynamic_cast<P::ReturnStatementContext*>(context)) {
    out.kind = ast::StatementKind::Return;
    comment = leave->description();
  } else if (auto* branch = dynamic_cast<P::IfStatementContext*>(context)) {
    out.kind = ast::StatementKind::If;
    splitBranches<ast::Statement, P::StatementContext>(branch->if_statement(), out.conditions,
                                                       out.branches, toExpr, toStatement);
    comment = branch->description();
  } else if (auto* loop = dynamic_cast<P::ForStatementContext*>(context)) {
    out.kind = ast::StatementKind::For;
    out.iterators = forIndices(loop->for_statement()->for_indices());
    out.branches.emplace_back();
    for (P::StatementContext* item : loop->for_statement()->statement())
      out.branches[0].push_back(statement(item));
    comment = loop->description();
  } else if (auto* repeat = dynamic_cast<P::WhileStatementContext*>(context)) {
    out.kind = ast::StatementKind::While;
    out.conditions.push_back(expression(repeat->while_statement()->expression()));
    out.branches.emplace_back();
    for (P::StatementContext* item : repeat->while_statement()->statement())
      out.branches[0].push_back(statement(item));
    comment = repeat->description();
  } else {
    auto* when = dynamic_cast<P::WhenStatementContext*>(context);
    out.kind = ast::StatementKind::When;
    splitBranches<ast::Statement, P::StatementContext>(when->when_statement(), out.conditions,
                                                       out.branches, toExpr, toStatement);
    comment = when->description();
  }
  description(comment, out.description, out.annotation);
  return out;
}

}  // namespace smc::frontend
