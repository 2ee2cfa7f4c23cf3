# only comments
% and more

