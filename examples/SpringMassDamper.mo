model SpringMassDamper "A mass on a spring with viscous damping, built from a reusable block"
  block Oscillator "Damped second-order system m*a + d*v + c*s = f"
    parameter Real m(unit = "kg") = 1 "mass";
    parameter Real c(unit = "N/m") = 10 "spring constant";
    parameter Real d(unit = "N.s/m") = 0.5 "damping";
    input Real f(unit = "N") "external force";
    output Real s(unit = "m", start = 0.1, fixed = true) "position";
    Real v(unit = "m/s", start = 0, fixed = true) "velocity";
    Real a(unit = "m/s2") "acceleration";
  equation
    der(s) = v;
    der(v) = a;
    m * a + d * v + c * s = f;
  end Oscillator;

  parameter Real force = 0 "constant external force";
  Oscillator oscillator(m = 2, c = 20);
  output Real position(unit = "m") "position of the mass";
  output Real energy(unit = "J") "kinetic plus potential energy";
equation
  oscillator.f = force;
  position = oscillator.s;
  energy = 0.5 * oscillator.m * oscillator.v^2 + 0.5 * oscillator.c * oscillator.s^2;
  annotation(experiment(StartTime = 0, StopTime = 10, Interval = 0.01, Tolerance = 1e-8));
end SpringMassDamper;
