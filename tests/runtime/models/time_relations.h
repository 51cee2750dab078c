/* Value references of the time-relations test model (time_relations.c), a
 * model without states whose relations on time generate state events:
 *
 *   parameter Real threshold = 0.5;
 *   Boolean after = time > threshold;      // hidden relation, indicator 0
 *   Boolean reached = time >= threshold;   // hidden relation, indicator 1
 *   Real level = if after then 2 else 1;
 *   discrete Real after_since(start = -1);
 *   when after then after_since = time; end when;
 *
 * Both indicators are time - threshold. When a communication point falls
 * exactly on the threshold, `after` is false there and true just after.
 */
#ifndef SMC_TEST_TIME_RELATIONS_H
#define SMC_TEST_TIME_RELATIONS_H

enum { RELATIONS_THRESHOLD, RELATIONS_LEVEL, RELATIONS_AFTER_SINCE, RELATIONS_NUM_REALS };
enum { RELATIONS_AFTER, RELATIONS_REACHED, RELATIONS_AFTER_CONDITION, RELATIONS_NUM_BOOLEANS };

#endif /* SMC_TEST_TIME_RELATIONS_H */
