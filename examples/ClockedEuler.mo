model ClockedEuler
  "Clocked discretized continuous-time partitions: dx/dt = -a*x integrated on a 0.1 s clock"
  parameter Real a = 2;
  Real x(start = 1) "explicit Euler: x[k+1] = (1 - a*h)*x[k]";
  Real y(start = 1) "implicit Euler: y[k+1] = y[k]/(1 + a*h)";
  Real z(start = 1) "implicit trapezoid: z[k+1] = z[k]*(1 - a*h/2)/(1 + a*h/2)";
equation
  when Clock(Clock(1, 10), solverMethod = "ExplicitEuler") then
    der(x) = -a*x;
  end when;
  when Clock(Clock(1, 10), solverMethod = "ImplicitEuler") then
    der(y) = -a*y;
  end when;
  when Clock(Clock(1, 10), solverMethod = "ImplicitTrapezoid") then
    der(z) = -a*z;
  end when;
  annotation(experiment(StartTime = 0, StopTime = 1, Interval = 0.1));
end ClockedEuler;
