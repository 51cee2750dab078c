// der() inside states (clocked discretized continuous-time equations,
// spec 17 introduction and 16.8.1) on the default 1 s clock with explicit
// Euler: x[k] = x[k-1] + 1 * (-0.5 * x[k-1]) on ticks where its state is
// active and was active at the previous tick; frozen while inactive
// ("Activation handling"); `restarted` starts again from x = 1 after its
// reset transition, `resumed` goes on from where it stopped.
model DiscretizedStates
  block Decay
    output Real x(start = 1);
  equation
    der(x) = -0.5 * x;
  end Decay;
  block Pause
  end Pause;
  Decay restarted;
  Pause pause1;
  Decay resumed;
  Pause pause2;
equation
  initialState(restarted);
  transition(restarted, pause1, ticksInState() >= 3, immediate=false);
  transition(pause1, restarted, ticksInState() >= 2, immediate=false, reset=true);
  initialState(resumed);
  transition(resumed, pause2, ticksInState() >= 3, immediate=false);
  transition(pause2, resumed, ticksInState() >= 2, immediate=false, reset=false);
end DiscretizedStates;
