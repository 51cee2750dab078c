/* Value references of the bouncing-ball test model (bouncing_ball.c), the
 * shape smc generates for
 *
 *   der(h) = v;  der(v) = -g;
 *   when h <= 0 then
 *     reinit(v, -e * pre(v));
 *     bounces = pre(bounces) + 1;
 *     last_bounce = time;
 *   end when;
 *
 * with h(start) = 1, v(start) = 0. The relation h <= 0 is the hidden
 * Boolean `on_ground`, whose indicator is h. Closed form: the first
 * impact is at t1 = sqrt(2 h0 / g) with speed g t1; each bounce scales
 * the speed by e, so the k-th flight lasts 2 e^k t1.
 */
#ifndef SMC_TEST_BOUNCING_BALL_H
#define SMC_TEST_BOUNCING_BALL_H

enum {
  BALL_H,
  BALL_V,
  BALL_DER_H,
  BALL_DER_V,
  BALL_G,
  BALL_E,
  BALL_LAST_BOUNCE, /* discrete Real */
  BALL_NUM_REALS
};
enum { BALL_BOUNCES, BALL_NUM_INTEGERS };
enum { BALL_ON_GROUND, BALL_NUM_BOOLEANS };

#endif /* SMC_TEST_BOUNCING_BALL_H */
