"""Following a player."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.schemas import CONFLICT, ERRORS
from social.services.follows import follow_add, follow_remove


class FollowOut(serializers.Serializer):
    player = serializers.CharField()
    following = serializers.BooleanField()


class FollowApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: FollowOut, **ERRORS, **CONFLICT}, summary="Follow a player")
    def post(self, request, username: str):
        follow = follow_add(follower=request.user, username=username)
        return Response({"player": follow.followed.username, "following": True},
                        status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None, **ERRORS}, summary="Stop following a player")
    def delete(self, request, username: str):
        follow_remove(follower=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)
