model M
  Re*l x "internal error";
end M;
