package P "short forms, imports and modifiers"
  import A.B.*;
  import C = A.B.C;
  import A.B.{D, E};
  type Voltage = Real(unit = "V");
  type Mode = enumeration(off "switched off", on);
  connector Port
    flow Real f;
    stream Real s;
  end Port;
  partial block Base
    extends Icons.Block(final k = 2) annotation(Icon = true);
    Real[2] x(each start = 0) if enabled "state";
    inner outer Real shared;
  end Base;
end P;
