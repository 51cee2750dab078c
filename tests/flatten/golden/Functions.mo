model Functions "User functions: defaults, several outputs, loops"
  constant Real g = 9.81;
  function fallTime "time to fall from height h"
    input Real h;
    input Real accel = g;
    output Real t;
  algorithm
    t := sqrt(2 * h / accel);
  end fallTime;
  function stats "sum of 1..n and the count of its odd numbers"
    input Integer n;
    output Integer total = 0;
    output Integer odd = 0;
  algorithm
    for i in 1:n loop
      total := total + i;
      if mod(i, 2) == 1 then
        odd := odd + 1;
      end if;
    end for;
  end stats;
  function halvings "how often x can be halved before it drops below 1"
    input Real x;
    output Integer n;
  protected
    Real rest;
  algorithm
    assert(x > 0, "x must be positive");
    n := 0;
    rest := x;
    while rest >= 1 loop
      rest := rest / 2;
      n := n + 1;
    end while;
  end halvings;
  parameter Real h0 = 2;
  Real t1 = fallTime(h0);
  Real t2 = fallTime(h0, accel = 1.62);
  Integer s, o;
  Integer k = halvings(time + 1);
equation
  (s, o) = stats(3);
end Functions;
