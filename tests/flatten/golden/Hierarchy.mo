model Hierarchy "Two first-order lags in series, one of them inherited"
  partial block SISO
    input Real u;
    output Real y;
  end SISO;
  block Lag
    extends SISO;
    parameter Real T = 1 "time constant";
  protected
    Real s(start = 0, fixed = true);
  equation
    T * der(s) = u - s;
    y = s;
  end Lag;
  Lag first(T = 0.5), second[2](each T = 2);
  output Real out;
equation
  first.u = 1;
  second[1].u = first.y;
  for i in 2:2 loop
    second[i].u = second[i - 1].y;
  end for;
  out = second[2].y;
end Hierarchy;
