model NewtonSqrt "A user-defined function with a while loop: Newton's iteration for a square root"
  function newtonSqrt "Square root of a > 0 by Newton's iteration"
    input Real a;
    input Real tolerance = 1e-13 "relative";
    output Real root;
  protected
    Real previous;
  algorithm
    root := if a > 1 then a else 1;
    previous := 0;
    while abs(root - previous) > tolerance * root loop
      previous := root;
      root := 0.5 * (root + a / root);
    end while;
  end newtonSqrt;

  output Real y = newtonSqrt(1 + time) "sqrt(1 + t)";
  output Real coarse = newtonSqrt(2, 0.1) "sqrt(2) with a loose tolerance";
  annotation(experiment(StartTime = 0, StopTime = 3, Interval = 0.1));
end NewtonSqrt;
